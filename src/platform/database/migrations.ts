import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** Project root: two levels above src/platform/database (or dist/platform/database). */
export const PROJECT_ROOT = join(__dirname, '..', '..', '..');

/** What `prisma migrate deploy` says when there is nothing to do, said too when the CLI was not needed. */
export const NOTHING_PENDING = 'No pending migrations to apply.';

/** The advisory lock Prisma's schema engine holds while it migrates: whoever migrates here takes the same one. */
const PRISMA_MIGRATE_LOCK = 72707369;
const MIGRATIONS_DIR = join(PROJECT_ROOT, 'prisma', 'migrations');

/**
 * Applies pending Prisma migrations (`prisma migrate deploy`, which takes an advisory lock,
 * so several api replicas starting together are safe). Prisma's CLI (a second Node process and its schema engine,
 * 1.7 s on a quiet machine, 5 s on a busy one) is run only when it has something of its own to do: nothing to apply
 * (the usual start) needs no migration at all, and an empty database (the first start) gets every migration here.
 */
export async function applyMigrations(databaseUrl: string): Promise<string> {
  if (await allApplied(databaseUrl, MIGRATIONS_DIR)) return NOTHING_PENDING;
  const applied = await migrateEmptyDatabase(databaseUrl, MIGRATIONS_DIR);
  if (applied !== undefined) return `${applied} migrations applied to the empty database.`;
  const { stdout } = await run('bash', [join(PROJECT_ROOT, 'scripts', 'prisma.sh'), 'migrate', 'deploy'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 10 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new MigrationError(`${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | '));
  });
  return stdout.trim().split('\n').pop() ?? '';
}

/**
 * Whether every migration folder is recorded in `_prisma_migrations` as applied, unchanged (Prisma's checksum is the
 * SHA-256 of migration.sql) and not rolled back, with no failed one: then `migrate deploy` would do nothing. Anything
 * else (a new, edited or failed migration, no table yet, the database unreachable) is left to the CLI to apply or report.
 */
export async function allApplied(databaseUrl: string, migrationsDir: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  try {
    const folders = await migrationFolders(migrationsDir);
    await client.connect();
    const { rows } = await client.query<{ name: string; checksum: string; finished: boolean; rolledBack: boolean }>(
      'SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack" FROM _prisma_migrations',
    );
    if (rows.some((row) => !row.finished && !row.rolledBack)) return false;
    const applied = new Set(rows.filter((row) => row.finished && !row.rolledBack).map((row) => `${row.name}:${row.checksum}`));
    for (const name of folders) {
      if (!applied.has(`${name}:${checksumOf(await readFile(join(migrationsDir, name, 'migration.sql')))}`)) return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function migrationFolders(migrationsDir: string): Promise<string[]> {
  return (await readdir(migrationsDir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/** Prisma's checksum of a migration: the SHA-256 of its migration.sql. */
const checksumOf = (script: Buffer) => createHash('sha256').update(script).digest('hex');

/**
 * Applies every migration to a database with nothing in its `public` schema, as `prisma migrate deploy` would, and
 * answers how many; or answers undefined, having changed nothing, for a database that is not empty (the CLI then
 * applies what is pending). The same `_prisma_migrations` table, rows and lock as Prisma's, so the CLI later finds
 * them applied. Each migration commits with its row: a stop half-way leaves whole migrations recorded, never one
 * half-run, and a script that fails here is left to the CLI, which runs it again and reports it the usual way.
 */
export async function migrateEmptyDatabase(databaseUrl: string, migrationsDir: string): Promise<number | undefined> {
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    const { rows: [{ empty }] } = await client.query<{ empty: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')
          AND NOT EXISTS (SELECT 1 FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public') AS empty`,
    );
    if (!empty) return undefined;
    await client.query(`CREATE TABLE "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT, "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const folders = await migrationFolders(migrationsDir);
    for (const name of folders) {
      const script = await readFile(join(migrationsDir, name, 'migration.sql'));
      await client.query('BEGIN');
      try {
        await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, clock_timestamp())', [randomUUID(), checksumOf(script), name]);
        // The whole script in one simple query: its statements run in this migration's transaction.
        await client.query(script.toString('utf8'));
        await client.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE migration_name = $1', [name]);
        await client.query('COMMIT');
      } catch {
        await client.query('ROLLBACK');
        return undefined;
      }
    }
    return folders.length;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class MigrationError extends Error {
  constructor(detail: string) {
    super(`database migrations failed: ${detail}`);
    this.name = 'MigrationError';
  }
}
