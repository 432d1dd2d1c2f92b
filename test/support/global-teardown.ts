import { Client } from 'pg';
import { dropRedisKeys } from './redis-keys';

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
  // Test files drop their own databases; this sweeps the templates (cl_tpl_, and cl_tps_ the seeded ones) and
  // anything a crashed file left: every database of this run has its id in its name.
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`cl_%${runId}%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await admin.end();
  // Its Redis keys too: about a thousand a full run, under its prefixes (testRedisPrefix).
  await dropRedisKeys(process.env.TEST_REDIS_URL!, `cltest:${runId}:*`);
  for (const service of globalThis.__testServices ?? []) await service.stop();
}
