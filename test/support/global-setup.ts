import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { applyMigrations } from '../../src/platform/database/migrations';
import { providePostgres, provideRedis, type Service } from './environment';
import { withDatabase } from './databases';
import { seedStandard } from './standard-seed';

declare global {
  var __testServices: Service[] | undefined;
}

/**
 * Once per `npm test`: find PostgreSQL and Redis, and build the template databases every test file clones into a
 * database of its own (CREATE DATABASE ... TEMPLATE is fast): a migrated, empty one, and one with the standard seed
 * (standard-seed.ts) written once for the files that start the app with the default seed (issue 29, item 6).
 */
export default async function globalSetup(): Promise<void> {
  const [postgres, redis] = await Promise.all([providePostgres(), provideRedis()]);
  globalThis.__testServices = [postgres, redis];
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const template = `cl_tpl_${runId}`;
  const seededTemplate = `cl_tps_${runId}`;
  const admin = new Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    await applyMigrations(withDatabase(postgres.url, template));
    const started = Date.now();
    await admin.query(`CREATE DATABASE ${seededTemplate} TEMPLATE ${template}`);
    const seed = await seedStandard(withDatabase(postgres.url, seededTemplate));
    Object.assign(process.env, { TEST_SEEDED_TEMPLATE_DB: seededTemplate, TEST_STANDARD_SEED: JSON.stringify(seed) });
    console.log(`\nThe standard seed was written once, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    // The global teardown does not run when the setup fails: nothing of this run may stay behind.
    for (const name of [seededTemplate, template]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
