import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { applyMigrations, migrateEmptyDatabase, NOTHING_PENDING, PROJECT_ROOT } from '../../src/platform/database/migrations';
import { requiredEnv, withDatabase } from '../support/databases';

const run = promisify(execFile);

/** Prisma's own CLI on a database, as `npm run prisma` runs it. */
async function prismaCli(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('bash', [join(PROJECT_ROOT, 'scripts', 'prisma.sh'), ...args], { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } });
  return stdout;
}

/** The database's whole schema as pg_dump writes it (its per-run `\restrict` key left out). */
async function schemaOf(databaseUrl: string): Promise<string> {
  const { stdout } = await run('pg_dump', ['--schema-only', '--no-owner', databaseUrl], { maxBuffer: 32 * 1024 * 1024 });
  return stdout.split('\n').filter((line) => !/^\\(un)?restrict /.test(line)).join('\n');
}

describe('migrations on a first start', () => {
  const adminUrl = requiredEnv('TEST_PG_ADMIN_URL');
  const created: string[] = [];
  let admin: Client;

  async function emptyDatabase(): Promise<{ url: string; query: (sql: string) => Promise<unknown[]> }> {
    const name = `cl_t_${requiredEnv('TEST_RUN_ID')}_mig_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = withDatabase(adminUrl, name);
    return {
      url,
      async query(sql) {
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query(sql)).rows;
        } finally {
          await client.end();
        }
      },
    };
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: adminUrl });
    await admin.connect();
  });

  afterAll(async () => {
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('gives an empty database the same schema as Prisma\'s CLI, without it, and the CLI then finds nothing to apply', async () => {
    const [here, byCli] = await Promise.all([emptyDatabase(), emptyDatabase()]);
    expect(await applyMigrations(here.url)).toMatch(/^\d+ migrations applied to the empty database\.$/);
    await prismaCli(byCli.url, 'migrate', 'deploy');

    expect(await schemaOf(here.url)).toBe(await schemaOf(byCli.url));
    expect(await prismaCli(here.url, 'migrate', 'deploy')).toContain(NOTHING_PENDING);
    expect(await applyMigrations(here.url)).toBe(NOTHING_PENDING);
  }, 60_000);

  it('leaves a database that already holds something to the CLI, untouched', async () => {
    const db = await emptyDatabase();
    await db.query('CREATE TABLE someone_elses (id int)');
    expect(await migrateEmptyDatabase(db.url, join(PROJECT_ROOT, 'prisma', 'migrations'))).toBeUndefined();
    expect(await db.query(`SELECT to_regclass('_prisma_migrations') AS found`)).toEqual([{ found: null }]);
  });

  it('keeps the migrations before one that fails, and nothing of the failing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cotizalab-migrations-'));
    try {
      const migration = async (name: string, sql: string) => {
        await mkdir(join(dir, name));
        await writeFile(join(dir, name, 'migration.sql'), sql);
      };
      await migration('20260101000000_first', 'CREATE TABLE first_table (id int);');
      await migration('20260102000000_broken', 'CREATE TABLE second_table (id int);\nALTER TABLE no_such_table ADD COLUMN x int;');
      const db = await emptyDatabase();

      expect(await migrateEmptyDatabase(db.url, dir)).toBeUndefined();
      expect(await db.query(`SELECT to_regclass('first_table')::text AS first, to_regclass('second_table')::text AS second`)).toEqual([{ first: 'first_table', second: null }]);
      expect(await db.query('SELECT migration_name, finished_at IS NOT NULL AS finished, applied_steps_count FROM _prisma_migrations')).toEqual([
        { migration_name: '20260101000000_first', finished: true, applied_steps_count: 1 },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
