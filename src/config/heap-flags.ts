/**
 * The V8 heap settings of the app's process, applied before anything else is loaded (`main.ts` imports this first).
 *
 * Node 24 sizes the young generation from the machine's memory: on a 24 GB host each semi-space may grow to 64 MB,
 * so the new space alone holds 128 MB of resident memory once a burst of requests, an import or the seed has filled
 * it, and it is not given back while the process lives. Capped at 8 MB a semi-space (16 MB of new space), the
 * process answers the same load in far less memory: a 100,000-row import peaks 30-35 MB lower than at 16 MB, under
 * the 300 MB aim, for an API CPU per search within the benchmark's noise of it (+8 % on average in stop 45's runs;
 * docs/decisions.md, "Memory bounded by design", fourth pass). V8 reads this
 * size only when it creates the heap, so a process started without it is executed again, in place (same pid, same
 * stdio, nothing loaded yet), with the flag added. A `--max-semi-space-size` given on the command line or in
 * NODE_OPTIONS is left as it is.
 */
export const SEMI_SPACE_MB = 8;

const FLAG = '--max-semi-space-size';

/**
 * After each full collection V8 lets the old generation grow to a multiple of what survived before it collects again;
 * that multiple, up to 4 when the process allocates fast, let an import's garbage grow the heap by 150 MB. 1.5 keeps
 * it near what is live, for about 7 % more CPU in an import and none measurable in the search (docs/decisions.md).
 */
export const OLD_GROWTH_PERCENT = 50;

/**
 * glibc gives each thread that allocates at the same time as another a malloc arena of its own (up to 8 per core), and
 * keeps what is freed in an arena for that arena: an import's reading thread, libuv's pool and the main thread each
 * held their own tens of MB after a dry run. Two arenas: a 100,000-row import's peak 339-341 → 317-331 MB (CSV) and
 * 344-352 → 320-335 MB (XLSX) on a quiet machine (docs/decisions.md, "Memory bounded by design", stop 44). A value
 * set in the environment stays.
 */
export const MALLOC_ARENAS = 2;

/** The environment the process is executed again with (pure, for the spec). */
export function processEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.MALLOC_ARENA_MAX ? env : { ...env, MALLOC_ARENA_MAX: String(MALLOC_ARENAS) };
}

/** What the process is executed again with; the first one is also what tells that it was. */
export const HEAP_FLAGS: readonly string[] = [`${FLAG}=${SEMI_SPACE_MB}`, `--heap-growing-percent=${OLD_GROWTH_PERCENT}`];

/** Whether this process must be executed again with the flag (pure, for the spec). */
export function needsHeapFlags(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return ![...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`) || arg === '--max_semi_space_size' || arg.startsWith('--max_semi_space_size='));
}

export function applyHeapFlags(): void {
  if (typeof process.execve !== 'function' || !needsHeapFlags(process.execArgv, process.env.NODE_OPTIONS)) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...HEAP_FLAGS, ...process.argv.slice(1)], processEnvironment(process.env));
}
