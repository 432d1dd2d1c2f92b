import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Client } from 'pg';
import pino from 'pino';
import { seedDatabase, type SeedResult } from '../../src/cli/seed/seed';
import { loadConfig } from '../../src/config/app-config';
import { PostgresSearchIndex } from '../../src/modules/search/infrastructure/postgres-search-index';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { requiredEnv, withDatabase } from './databases';

/**
 * The seeds of the integration tests, each written once per run (issue 29, item 6): what `startTestApp()` seeds (the
 * reference data, SEED_LABS demo laboratories and the tests' administrator, then the search index rebuilt) goes into a
 * template of its own the first time a test file asks for that number of laboratories; every file that asks for it
 * again clones the template (CREATE DATABASE ... TEMPLATE is fast) instead of seeding.
 *
 * Everything the seed writes is in the database: the seed and the rebuild touch no file, no Redis key and record no
 * outbox event (checked when a template is built), and faker's seed is fixed, so a clone is what a fresh seed writes.
 */
export const STANDARD_SEED_LABS = 8;
export const TEST_ADMIN_ENV = { ADMIN_EMAIL: 'admin@cotizalab.test', ADMIN_PASSWORD: 'clave-de-prueba-123' } as const;

/**
 * The number of laboratories an app with this environment seeds, when its seed can be a template's: the seed reads
 * SEED_LABS and the administrator; the rebuild writes to PostgreSQL unless ELASTICSEARCH_URL is set. The rest changes
 * nothing of either. Undefined when the app must seed itself (another administrator, Elasticsearch).
 */
export function templateSeedLabs(env: Record<string, string | undefined>): number | undefined {
  const usual = env.ADMIN_EMAIL === TEST_ADMIN_ENV.ADMIN_EMAIL && env.ADMIN_PASSWORD === TEST_ADMIN_ENV.ADMIN_PASSWORD && !env.ELASTICSEARCH_URL;
  const labs = Number(env.SEED_LABS);
  return usual && Number.isSafeInteger(labs) && labs >= 0 ? labs : undefined;
}

/**
 * The template seeded with `labs` laboratories, and what its seed answered: written by the first test file that asks
 * (the others, in this worker or another, wait for it on an advisory lock), cloned by all. The seed's answer is kept
 * as the template's comment, written last: a template without one was left half-written (its worker died) and is
 * written again.
 */
export async function seededTemplate(labs: number): Promise<{ template: string; seed: SeedResult }> {
  const adminUrl = requiredEnv('TEST_PG_ADMIN_URL');
  const runId = requiredEnv('TEST_RUN_ID');
  const template = `cl_tps_${runId}_${labs}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One lock per run and number of laboratories: different seeds are written at once.
    await admin.query('SELECT pg_advisory_lock(hashtext($1), $2)', [runId, labs]);
    const { rows } = await admin.query<{ seed: string | null }>('SELECT shobj_description(oid, $2) AS seed FROM pg_database WHERE datname = $1', [template, 'pg_database']);
    if (rows[0]?.seed) return { template, seed: JSON.parse(rows[0].seed) as SeedResult };
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template} TEMPLATE ${requiredEnv('TEST_TEMPLATE_DB')}`);
    const seed = await seedInto(withDatabase(adminUrl, template), labs);
    await admin.query(`COMMENT ON DATABASE ${template} IS ${admin.escapeLiteral(JSON.stringify(seed))}`);
    return { template, seed };
  } finally {
    // Ending the session releases its lock.
    await admin.end();
  }
}

/** Seeds a migrated, empty database as `startTestApp()` would, and rebuilds its search index. */
async function seedInto(databaseUrl: string, labs: number): Promise<SeedResult> {
  const config = loadConfig({
    APP_ROLE: 'all',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), 'cotizalab-template-seed'),
    SEED_LABS: String(labs),
    ...TEST_ADMIN_ENV,
  });
  const prisma = new PrismaService(databaseUrl);
  const index = new PostgresSearchIndex(prisma);
  try {
    const seed = await seedDatabase(prisma, config, pino({ level: 'silent' }));
    await index.reindexAll();
    // A clone would miss what the app's relay publishes of events recorded here: the seed records none.
    const [{ events }] = await prisma.$queryRaw<{ events: number }[]>`SELECT count(*)::int AS events FROM outbox_event`;
    if (events > 0) throw new Error(`the seed recorded ${events} outbox events: a template of it would hand them to every test file unpublished`);
    return seed;
  } finally {
    await index.close();
    await prisma.$disconnect();
  }
}
