import IORedis from 'ioredis';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
  // Test files drop their own databases; this sweeps the templates (cl_tpl_, and cl_tps_ the seeded ones) and
  // anything a crashed file left: every database of this run has its id in its name.
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`cl_%${runId}%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await admin.end();
  await dropRedisKeys(process.env.TEST_REDIS_URL!, `cltest:${runId}:*`);
  for (const service of globalThis.__testServices ?? []) await service.stop();
}

/**
 * Every key of this run's Redis prefixes (testRedisPrefix): the queues' metadata, streams and kept jobs that BullMQ
 * leaves when an app closes, about a thousand keys a run, which would otherwise pile up on the shared server run
 * after run.
 */
async function dropRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new IORedis(url, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
