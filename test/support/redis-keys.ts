import IORedis from 'ioredis';

/**
 * Drops every key matching `pattern`, a thousand at a time (SCAN and UNLINK): what a test run (global-teardown.ts) or a
 * benchmark (bench/support.mts) leaves on a shared Redis. BullMQ keeps its queues' metadata, event streams and
 * finished jobs when an app stops.
 */
export async function dropRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new IORedis(url, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
