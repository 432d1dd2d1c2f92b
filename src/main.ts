// First: may execute this process again with the heap flags, before anything else is loaded.
import './config/apply-heap-flags';
import 'reflect-metadata';
import type { Logger } from 'pino';
import { APP_ROLES, InvalidConfigError, loadConfig, type AppConfig } from './config/app-config';
import { applyMigrations } from './platform/database/migrations';
import { startEmbeddedPostgres, type RunningPostgres } from './platform/database/embedded-postgres';
import { createLogger } from './platform/logging/logger';
import type * as SeedModule from './cli/seed/seed';
import type { SeedResult } from './cli/seed/seed';
import { SeedProcess } from './cli/seed/seed-process';
import type * as AppModule from './app';
import type * as SearchReindexModule from './cli/search-reindex';
import type * as PrismaModule from './platform/database/prisma.service';

/**
 * The application's own modules (Nest, Prisma, Express, every feature: about 1,600 files, a second of one core) are
 * loaded only once the embedded PostgreSQL is creating its cluster or starting, in its own processes: on two cores
 * the two overlap instead of adding up.
 */
function loadApplication() {
  const { createApp } = require('./app') as typeof AppModule;
  const { reindexSearch } = require('./cli/search-reindex') as typeof SearchReindexModule;
  const { seedDatabase, isSeeded } = require('./cli/seed/seed') as typeof SeedModule;
  const { PrismaService } = require('./platform/database/prisma.service') as typeof PrismaModule;
  return { createApp, reindexSearch, seedDatabase, isSeeded, PrismaService };
}

/** How long a stop may take before the process exits anyway (Kubernetes waits 30 s by default before SIGKILL). */
const SHUTDOWN_DEADLINE_MS = 20_000;

/**
 * Entry point: `node dist/main.js [all|api|worker|seed]` (default `all`, or APP_ROLE).
 * all: API + workers + web app in one process, on the embedded defaults when nothing is set.
 * seed: apply migrations and seed an empty database, then exit.
 * search:reindex: rebuild the whole search index from PostgreSQL, then exit.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const command = process.argv[2];
  const seedOnly = command === 'seed';
  const reindexOnly = command === 'search:reindex';
  const config = readConfig(seedOnly || reindexOnly ? 'api' : command);
  const log = createLogger(config);

  let databaseWaiting!: () => void;
  const waiting = new Promise<void>((resolve) => (databaseWaiting = resolve));
  // A cluster being created will need its first seed: the seed's process loads its modules while initdb runs.
  let seedProcess: SeedProcess | undefined;
  const seedProcessOnce = () => (seedProcess ??= SeedProcess.start());
  const migratesAndSeeds = config.role !== 'worker';
  const starting = provideDatabase(config, log, databaseWaiting, () => migratesAndSeeds && seedProcessOnce());
  // Whichever comes first: PostgreSQL busy in its own process, or ready (an external DATABASE_URL, or it failed).
  await Promise.race([waiting, starting.then(() => undefined, () => undefined)]);
  const { createApp, reindexSearch, seedDatabase, isSeeded, PrismaService } = loadApplication();
  const database = await starting;
  const stopDatabase = once(() => database.stop());
  process.once('exit', () => void stopDatabase());
  // The migrations, if any, run while Nest builds the application (which opens no connection before the seed below).
  const migrated = migratesAndSeeds ? applyMigrations(database.url) : Promise.resolve(undefined);
  migrated.catch(() => undefined);
  const app = await createApp({ config, databaseUrl: database.url, logger: log });
  const migrationOutcome = await migrated;
  if (migrationOutcome !== undefined) log.info(migrationOutcome);
  // Not app.enableShutdownHooks(): Nest re-raises the signal once its own close is done, which ended this
  // process before the embedded PostgreSQL had stopped (it outlived the app). The handler below closes the app,
  // which runs the same shutdown hooks, and then the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      // Every write is transactional and every job re-delivered, so stopping short loses nothing: a close that
      // hangs (seen: a database pool stuck after an outage) must not keep a worker alive past its orchestrator's patience.
      setTimeout(() => {
        log.warn({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
        // The embedded PostgreSQL still gets its fast shutdown: left running, it would go on writing its cluster.
        void stopDatabase().finally(() => process.exit(1));
        setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS / 2).unref();
      }, SHUTDOWN_DEADLINE_MS).unref();
      // The database stops even when closing the app fails: otherwise the embedded server outlives this process.
      void app
        .close()
        .catch((error: unknown) => log.error({ err: error }, 'closing the app failed'))
        .then(stopDatabase)
        .finally(() => process.exit(0));
    });
  }

  if (reindexOnly) {
    await app.init();
    const counts = await reindexSearch(app, log);
    await app.close();
    await stopDatabase();
    console.log(`Search index rebuilt: ${counts.laboratories} laboratories, ${counts.prices} prices.`);
    return;
  }
  const prisma = app.get(PrismaService);
  let seed: SeedResult | undefined;
  if (migratesAndSeeds && !(await isSeeded(prisma))) {
    // The first seed in a process of its own, whose memory goes away with it (the serving process keeps none).
    const { admin, seedLabs, role, logLevel, logFormat } = config;
    seed = await seedProcessOnce().seed({ databaseUrl: database.url, config: { admin, seedLabs, role, logLevel, logFormat } });
  } else if (migratesAndSeeds) {
    // A restart: what later versions add to a seeded database, and the administrator's password, checked here.
    seedProcess?.close();
    seed = await seedDatabase(prisma, config, log);
  }
  if (seed?.seeded) await reindexSearch(app, log);
  if (seedOnly) {
    await app.close();
    await stopDatabase();
    console.log(seed?.seeded ? `Seeded: ${JSON.stringify(seed.counts)}` : 'Already seeded; nothing to do.');
    printAdmin(seed);
    return;
  }
  if (config.role === 'worker') await app.init();
  else await app.listen(config.port, config.role === 'all' && !config.database.url ? '127.0.0.1' : '0.0.0.0');
  printBanner(config, database, seed, Date.now() - started);
}

function readConfig(role: string | undefined): AppConfig {
  try {
    if (role !== undefined && !(APP_ROLES as readonly string[]).includes(role)) {
      throw new InvalidConfigError('role', `must be one of ${APP_ROLES.join(', ')}, seed, search:reindex`, role);
    }
    return loadConfig(role ? { ...process.env, APP_ROLE: role } : process.env);
  } catch (error) {
    if (error instanceof InvalidConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function provideDatabase(config: AppConfig, log: Logger, onWaiting: () => void, onCreatingCluster: () => void): Promise<RunningPostgres> {
  if (config.database.url) return { url: config.database.url, stop: async () => undefined };
  return startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, log.child({ module: 'embedded-postgres' }), { onWaiting, onCreatingCluster });
}

function printBanner(config: AppConfig, database: RunningPostgres, seed: SeedResult | undefined, ms: number): void {
  const lines = [
    '',
    `CotizaLab is running (${config.role}) — started in ${(ms / 1000).toFixed(1)} s`,
    ...(config.role === 'worker' ? [] : [`  Web app and API: ${config.publicUrl}`, `  API docs:        ${config.publicUrl}/api/docs`]),
    `  Database:        ${config.database.url ? 'DATABASE_URL' : `embedded PostgreSQL, data in ${database.clusterDir ?? config.dataDir}`}`,
    `  Queue:           ${config.redis ? 'BullMQ on REDIS_URL' : 'in-process (no REDIS_URL)'}`,
  ];
  console.log(lines.join('\n'));
  printAdmin(seed);
}

function printAdmin(seed: SeedResult | undefined): void {
  if (!seed?.admin) return;
  console.log(`  Back office:     sign in at /app/login as ${seed.admin.email}`);
  if (seed.admin.generatedPassword) {
    console.log(`  Password:        ${seed.admin.generatedPassword}   (generated now and shown only once; set ADMIN_PASSWORD to choose it)`);
  }
}

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= fn());
}

main().catch((error: unknown) => {
  console.error(`CotizaLab could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
