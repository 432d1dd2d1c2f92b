/**
 * Cold start and memory of `npm start` on the embedded defaults (install and build excluded).
 * Usage: npm run bench:startup [-- <SEED_LABS>]   (default 300, the product's default)
 * Prints: time to ready on a fresh DATA_DIR (initdb + migrations + seed), time to ready on a
 * restart, and the resident memory of the app process (embedded PostgreSQL excluded) after each.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support.mts';

const ROOT = join(import.meta.dirname, '..');
const seedLabs = process.argv[2] ?? '300';


async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function startOnce(env: Record<string, string>) {
  const { DATABASE_URL: _d, REDIS_URL: _r, ELASTICSEARCH_URL: _e, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js'), 'all'], { cwd: ROOT, env: { ...inherited, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/api/health/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // let start-up garbage settle before reading memory
  const rss = await residentMb(child.pid!);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { seconds, rss };
}

const dataDir = await mkdtemp(join(tmpdir(), 'cotizalab-bench-'));
try {
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), SEED_LABS: seedLabs };
  const cold = await startOnce(env);
  const warm = await startOnce(env);
  console.log(`Startup on the embedded defaults, SEED_LABS=${seedLabs}, node ${process.version}`);
  console.log(`  cold start (initdb + migrate + seed) to ready: ${cold.seconds.toFixed(2)} s, API RSS ${cold.rss.toFixed(0)} MB`);
  console.log(`  restart (existing data) to ready:              ${warm.seconds.toFixed(2)} s, API RSS ${warm.rss.toFixed(0)} MB`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
