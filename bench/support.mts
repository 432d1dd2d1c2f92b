import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type pg from 'pg';
import { dropRedisKeys } from '../test/support/redis-keys.ts';

export const ROOT = join(import.meta.dirname, '..');

/** A TCP port free on this machine right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * POSTs JSON on one kept-alive connection (node:http) and answers the status and the parsed body. What a
 * benchmark times is then the server: `fetch` (undici) added 1.5 to 2.5 ms of the client's own work to
 * each request on this machine (issue 14), as much as the API's whole overhead over its SQL.
 */
export function jsonClient(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(`${base}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

/** The Redis prefix of a benchmark's app (REDIS_PREFIX): its database's name. */
export const benchRedisPrefix = (database: string) => `bench-${database}`;

/**
 * What a benchmark leaves behind, dropped: its database (kept with BENCH_KEEP_DATABASE, its URL printed to look at plans
 * afterwards) and its app's Redis keys.
 */
export async function dropBenchData(admin: pg.Client, databaseUrl: string, redisUrl: string): Promise<void> {
  const database = new URL(databaseUrl).pathname.slice(1);
  if (process.env.BENCH_KEEP_DATABASE) console.log(`Kept the database for a closer look: ${databaseUrl}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await dropRedisKeys(redisUrl, `${benchRedisPrefix(database)}:*`);
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs a command of the built app (`seed`, `search:reindex`) to its end; answers the seconds it took. */
export function runCli(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'dist/main.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return (performance.now() - started) / 1000;
}

/** The built app on a free port, once it is ready: in role `all` (API and worker in one process), or `api` alone. */
export async function startApi(env: Record<string, string>, role: 'all' | 'api' = 'all'): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist/main.js'), role], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false)) return { url, child };
    if (child.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The built app in role `worker` (queues, outbox relay, projector), as a process of its own; stopped with `stopApi`. */
export async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  return spawn(process.execPath, [join(ROOT, 'dist/main.js'), 'worker'], { cwd: ROOT, env: { ...process.env, ...env, WORKER_HEALTH_PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Resident memory of a process now and at its peak (Linux /proc), in MiB. */
export function processMemory(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** How busy the machine is (1-minute load average over cores): the figures of a shared machine are noisy. */
export function machineLoad(): string {
  const [one, five] = loadavg();
  return `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${availableParallelism()} cores`;
}

/**
 * Stops the API: SIGTERM, then SIGKILL if it has not exited within `graceMs` (a shutdown stuck on a
 * connection must not hang the benchmark). Answers whether it had to be killed.
 */
export async function stopApi(child: ChildProcess, graceMs = 15_000): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)))]);
  clearTimeout(timer);
  if (killed) {
    child.kill('SIGKILL');
    await exited;
  }
  return killed;
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; 0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** The PostgreSQL backends serving `database` now (their process titles name it): whose CPU a search costs the server. */
export function databaseBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return pids;
}
