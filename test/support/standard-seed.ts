import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { seedDatabase, type SeedResult } from '../../src/cli/seed/seed';
import { loadConfig } from '../../src/config/app-config';
import { PostgresSearchIndex } from '../../src/modules/search/infrastructure/postgres-search-index';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { requiredEnv } from './databases';

/**
 * The standard seed of the integration tests (issue 29, item 6): what `startTestApp()` seeds with its default options,
 * SEED_LABS 8 and the tests' administrator, then the search index rebuilt. The global setup writes it once into a
 * template of its own (TEST_SEEDED_TEMPLATE_DB) that such test files clone, instead of seeding in each one.
 *
 * Everything it writes is in the database: the seed and the rebuild touch no file, no Redis key and record no outbox
 * event (checked when the template is built), and faker's seed is fixed, so a clone is what a fresh seed writes.
 */
export const STANDARD_SEED_LABS = 8;
export const TEST_ADMIN_ENV = { ADMIN_EMAIL: 'admin@cotizalab.test', ADMIN_PASSWORD: 'clave-de-prueba-123' } as const;

/**
 * Whether an app with this environment seeds what the standard seed does: the seed reads SEED_LABS and the
 * administrator; the rebuild writes to PostgreSQL unless ELASTICSEARCH_URL is set. The rest changes nothing of either.
 */
export function seedsAsStandard(env: Record<string, string | undefined>): boolean {
  return (
    env.SEED_LABS === String(STANDARD_SEED_LABS) &&
    env.ADMIN_EMAIL === TEST_ADMIN_ENV.ADMIN_EMAIL &&
    env.ADMIN_PASSWORD === TEST_ADMIN_ENV.ADMIN_PASSWORD &&
    !env.ELASTICSEARCH_URL
  );
}

/** Seeds a migrated, empty database as `startTestApp()` did, and rebuilds its search index. */
export async function seedStandard(databaseUrl: string): Promise<SeedResult> {
  const config = loadConfig({
    APP_ROLE: 'all',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), 'cotizalab-standard-seed'),
    SEED_LABS: String(STANDARD_SEED_LABS),
    ...TEST_ADMIN_ENV,
  });
  const prisma = new PrismaService(databaseUrl);
  const index = new PostgresSearchIndex(prisma);
  try {
    const seed = await seedDatabase(prisma, config, pino({ level: 'silent' }));
    await index.reindexAll();
    // A clone would miss what the app's relay publishes of events recorded here: the seed records none.
    const [{ events }] = await prisma.$queryRaw<{ events: number }[]>`SELECT count(*)::int AS events FROM outbox_event`;
    if (events > 0) throw new Error(`the standard seed recorded ${events} outbox events: a template of it would hand them to every test file unpublished`);
    return seed;
  } finally {
    await index.close();
    await prisma.$disconnect();
  }
}

/** What the standard seed answered when the global setup wrote it (the same `SeedResult` a fresh seed answers). */
export function standardSeedResult(): SeedResult {
  return JSON.parse(requiredEnv('TEST_STANDARD_SEED')) as SeedResult;
}
