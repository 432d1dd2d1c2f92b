import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Project root: two levels above src/platform/database (or dist/platform/database). */
export const PROJECT_ROOT = join(__dirname, '..', '..', '..');

/**
 * Applies pending Prisma migrations (`prisma migrate deploy`, which takes an advisory lock,
 * so several api replicas starting together are safe).
 */
export async function applyMigrations(databaseUrl: string): Promise<string> {
  const { stdout } = await run('bash', [join(PROJECT_ROOT, 'scripts', 'prisma.sh'), 'migrate', 'deploy'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 10 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new MigrationError(`${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | '));
  });
  return stdout.trim().split('\n').pop() ?? '';
}

export class MigrationError extends Error {
  constructor(detail: string) {
    super(`database migrations failed: ${detail}`);
    this.name = 'MigrationError';
  }
}
