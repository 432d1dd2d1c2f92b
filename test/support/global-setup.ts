import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { applyMigrations } from '../../src/platform/database/migrations';
import { providePostgres, provideRedis, type Service } from './environment';
import { withDatabase } from './databases';

declare global {
  var __testServices: Service[] | undefined;
}

/**
 * Once per `npm test`: find PostgreSQL and Redis, and build the migrated, empty template every test file clones into a
 * database of its own (CREATE DATABASE ... TEMPLATE is fast), directly or through a seeded template of it
 * (seeded-templates.ts, written by the first file that needs that seed: issue 29, item 6).
 */
export default async function globalSetup(): Promise<void> {
  const [postgres, redis] = await Promise.all([providePostgres(), provideRedis()]);
  globalThis.__testServices = [postgres, redis];
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const template = `cl_tpl_${runId}`;
  const admin = new Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    await applyMigrations(withDatabase(postgres.url, template));
  } catch (error) {
    // The global teardown does not run when the setup fails: nothing of this run may stay behind.
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    throw error;
  } finally {
    await admin.end();
  }
  Object.assign(process.env, {
    TEST_PG_ADMIN_URL: postgres.url,
    TEST_TEMPLATE_DB: template,
    TEST_REDIS_URL: redis.url,
    TEST_RUN_ID: runId,
  });
  console.log(`Integration tests use PostgreSQL from ${postgres.source} and Redis from ${redis.source} (run ${runId}).`);
}
