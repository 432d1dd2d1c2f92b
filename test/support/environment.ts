/**
 * Where integration tests find PostgreSQL and Redis: the DATABASE_URL / REDIS_URL of the
 * environment when set (CI and the development machines), else testcontainers when a container
 * runtime exists, else an embedded PostgreSQL and a local redis-server. Each run says which.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

export interface Service {
  url: string;
  source: string;
  stop(): Promise<void>;
}

export async function providePostgres(): Promise<Service> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: async () => undefined };
  const container = await startContainer('postgres:16-alpine', 5432, { POSTGRES_PASSWORD: 'postgres' });
  if (container) return { ...container, url: `postgresql://postgres:postgres@${container.host}:${container.port}/postgres`, source: 'testcontainers' };
  const dir = await mkdtemp(join(tmpdir(), 'cotizalab-test-pg-'));
  const server = await startEmbeddedPostgres(dir, await freePort(), pino({ level: 'warn' }));
  return { url: server.url.replace(/\/cotizalab$/, '/postgres'), source: 'embedded-postgres', stop: server.stop };
}

export async function provideRedis(): Promise<Service> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: 'REDIS_URL', stop: async () => undefined };
  const container = await startContainer('redis:7-alpine', 6379, {});
  if (container) return { ...container, url: `redis://${container.host}:${container.port}`, source: 'testcontainers' };
  return startLocalRedis();
}

async function startContainer(image: string, port: number, env: Record<string, string>) {
  try {
    const { GenericContainer, getContainerRuntimeClient, Wait } = await import('testcontainers');
    await getContainerRuntimeClient();
    const started = await new GenericContainer(image)
      .withEnvironment(env)
      .withExposedPorts(port)
      .withWaitStrategy(port === 5432 ? Wait.forLogMessage(/ready to accept connections/, 2) : Wait.forListeningPorts())
      .start();
    return { host: started.getHost(), port: started.getMappedPort(port), stop: async () => void (await started.stop()) };
  } catch {
    return undefined;
  }
}

/** Starts a throw-away redis-server from PATH on a free port; also used to simulate outages. */
export async function startLocalRedis(port?: number): Promise<Service & { process: ChildProcess }> {
  const chosen = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  // Ready once it accepts a connection (or gone: no redis-server on PATH).
  const failed = new Promise<never>((_, reject) => child.once('error', () => reject(new Error('no Redis: set REDIS_URL, or install redis-server or a container runtime'))));
  failed.catch(() => undefined);
  for (const until = Date.now() + 10_000; !(await Promise.race([accepts(chosen), failed])); ) {
    if (Date.now() > until) throw new Error(`redis-server did not start on port ${chosen}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    source: 'local redis-server',
    process: child,
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}

/** Whether something accepts TCP connections on this local port now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
