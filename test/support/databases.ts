import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of this test file's own, cloned from one of the run's templates: the migrated, empty one by
 * default, or one a seed was written to (seeded-templates.ts).
 */
export async function createTestDatabase(template = requiredEnv('TEST_TEMPLATE_DB')): Promise<TestDatabase> {
  const adminUrl = requiredEnv('TEST_PG_ADMIN_URL');
  const name = `cl_t_${requiredEnv('TEST_RUN_ID')}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    name,
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis key prefix of this test's own, so runs never collide. */
export function testRedisPrefix(): string {
  return `cltest:${requiredEnv('TEST_RUN_ID')}:${randomBytes(3).toString('hex')}`;
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest, whose global setup provides it`);
  return value;
}
