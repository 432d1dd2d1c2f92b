import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** Project root: two levels above src/platform/database (or dist/platform/database). */
export const PROJECT_ROOT = join(__dirname, '..', '..', '..');

/** What `prisma migrate deploy` says when there is nothing to do, said too when the CLI was not needed. */
export const NOTHING_PENDING = 'No pending migrations to apply.';

/**
 * Applies pending Prisma migrations (`prisma migrate deploy`, which takes an advisory lock,
 * so several api replicas starting together are safe). On a start with nothing to apply, the
 * usual case, Prisma's CLI is not run at all: booting it (a second Node process and its schema
 * engine) took 1.2 s of every start, 5 s on a busy machine.
 */
export async function applyMigrations(databaseUrl: string): Promise<string> {
  if (await allApplied(databaseUrl, join(PROJECT_ROOT, 'prisma', 'migrations'))) return NOTHING_PENDING;
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
    const folders = (await readdir(migrationsDir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    await client.connect();
    const { rows } = await client.query<{ name: string; checksum: string; finished: boolean; rolledBack: boolean }>(
      'SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack" FROM _prisma_migrations',
    );
    if (rows.some((row) => !row.finished && !row.rolledBack)) return false;
    const applied = new Set(rows.filter((row) => row.finished && !row.rolledBack).map((row) => `${row.name}:${row.checksum}`));
    for (const name of folders) {
      const checksum = createHash('sha256').update(await readFile(join(migrationsDir, name, 'migration.sql'))).digest('hex');
      if (!applied.has(`${name}:${checksum}`)) return false;
    }
    return true;
  } catch {
    return false;
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
