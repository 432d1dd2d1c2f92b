import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './environment';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'main.js');

export interface BuiltProcess {
  child: ChildProcess;
  /** The API's address (role `api`); the worker's health probe's for role `worker`. */
  url: string;
  /** What the process wrote (its logs, at `warn` unless LOG_LEVEL says otherwise). */
  output(): string;
  /** SIGTERM lets it finish its work; SIGKILL is a crash. Resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `node dist/main.js <role>`, as it runs in production: a process of its own, with a DATA_DIR of its own,
 * on the database and Redis prefix given. Resolves once it answers its readiness probe.
 */
export async function startBuilt(role: 'api' | 'worker', env: Record<string, string>): Promise<BuiltProcess> {
  if (!existsSync(MAIN)) throw new Error('this test starts the built app: run `npm run build` first (`npm test` does)');
  const dataDir = await mkdtemp(join(tmpdir(), `cotizalab-${role}-`));
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, role], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', DATA_DIR: dataDir, WEB_DIST_DIR: join(tmpdir(), 'cotizalab-no-web'), ...(role === 'api' ? { PORT: String(port) } : { WORKER_HEALTH_PORT: String(port) }), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const built: BuiltProcess = {
    child,
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const until = Date.now() + 60_000;
  for (;;) {
    if (await fetch(`${url}/api/health/ready`).then((answer) => answer.ok, () => false)) return built;
    if (child.exitCode !== null || Date.now() > until) {
      await built.stop('SIGKILL');
      throw new Error(`dist/main.js ${role} did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
