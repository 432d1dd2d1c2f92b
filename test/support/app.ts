import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino, { type Logger } from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app-config';
import { SEARCH_INDEX, type SearchIndex } from '../../src/modules/search';
import { seedDatabase, type SeedResult } from '../../src/cli/seed/seed';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { createTestDatabase, requiredEnv, testRedisPrefix, type TestDatabase } from './databases';
import { seededTemplate, STANDARD_SEED_LABS, templateSeedLabs, TEST_ADMIN_ENV } from './seeded-templates';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  prisma: PrismaService;
  seed: SeedResult;
  db: TestDatabase;
  /** DATA_DIR of this app: without SMTP, its mail is written under `mail/`. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real application on a database of its own, seeded with a few laboratories, on BullMQ
 * with a Redis prefix of its own (or the in-process queue when `redis: false`). With the tests' administrator, the
 * database is a clone of the run's template of that seed (seeded-templates.ts), written by the first file that asked
 * for it; with another administrator or Elasticsearch, it is seeded here.
 */
export async function startTestApp(options: { seedLabs?: number; redis?: boolean; env?: Record<string, string>; logger?: Logger } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cotizalab-test-'));
  const env: Record<string, string> = {
    APP_ROLE: 'all',
    DATA_DIR: dataDir,
    SEED_LABS: String(options.seedLabs ?? STANDARD_SEED_LABS),
    ...TEST_ADMIN_ENV,
    WEB_DIST_DIR: join(tmpdir(), 'cotizalab-no-web'),
    ...(options.redis === false ? {} : { REDIS_URL: requiredEnv('TEST_REDIS_URL'), REDIS_PREFIX: testRedisPrefix() }),
    ...options.env,
  };
  const labs = templateSeedLabs(env);
  const seeded = labs === undefined ? undefined : await seededTemplate(labs);
  const db = await createTestDatabase(seeded?.template);
  const config = loadConfig({ DATABASE_URL: db.url, ...env });
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = await createApp({ config, databaseUrl: db.url, logger });
  await app.init();
  const prisma = app.get(PrismaService);
  let seed: SeedResult;
  if (seeded) seed = seeded.seed;
  else {
    seed = await seedDatabase(prisma, config, logger);
    await app.get<SearchIndex>(SEARCH_INDEX).reindexAll();
  }
  return {
    app,
    http: request(app.getHttpServer()),
    prisma,
    seed,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serves the app over HTTP on a free port, for a browser to open: answers its address. */
export async function serve(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}
