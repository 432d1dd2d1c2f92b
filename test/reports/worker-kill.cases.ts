import { requiredEnv, testRedisPrefix } from '../support/databases';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { startBuilt, type BuiltProcess } from '../support/built-app';
import { waitFor } from '../support/wait';
import type { ReportDashboard } from '../../src/contracts/reports';

/** The workers' job lock: a dead worker's job is taken over within about twice this (30 s by default). */
const LOCK_MS = 3000;

/**
 * Issue 12's "Done when": route changes reach the reports once each after a worker process is
 * killed (SIGKILL) in the middle of writing their batch and another worker takes over.
 */
describe('a worker killed mid-batch', () => {
  let t: TestApp;
  let admin: string;
  const redis = { url: requiredEnv('TEST_REDIS_URL'), prefix: testRedisPrefix() };
  const workers: BuiltProcess[] = [];
  const startWorker = async () => {
    const worker = await startBuilt('worker', { DATABASE_URL: t.db.url, REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix, QUEUE_LOCK_MS: String(LOCK_MS) });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    // An API process that only hands batches to the queue; the workers are separate processes.
    t = await startTestApp({ env: { APP_ROLE: 'api', REDIS_PREFIX: redis.prefix } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await t?.close();
  });

  const opensOf = async (laboratoryId: number) => {
    const board = (await t.http.post('/api/reports/dashboard').set('Authorization', `Bearer ${admin}`).send({ preset: 'today' })).body.data as ReportDashboard;
    return board.laboratoriesOpened.find((l) => l.laboratoryId === laboratoryId)?.opens ?? 0;
  };

  it('loses nothing and counts nothing twice: the batch is written once, by the next worker', async () => {
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true }, orderBy: { id: 'asc' } });
    const first = await startWorker();
    await t.http.post('/api/log-access').send({ route: `/laboratorio/${lab.id}`, session: 1790000001 });
    expect(await waitFor(() => opensOf(lab.id), (n) => n === 1, 60_000)).toBe(1);

    // The next batch's transaction is held where it adds to the rollups (its raw rows already written)...
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const blocker = t.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM report_laboratory_daily WHERE laboratory_id = ${lab.id} FOR UPDATE`;
      held();
      await released;
    }, { timeout: 120_000 });
    await holding;
    await t.http.post('/api/log-access').send({ route: `/laboratorio/${lab.id}`, session: 1790000002 });
    const waiting = await waitFor(
      () => t.prisma.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO report_laboratory_daily%'`,
      (rows) => rows.length > 0,
      60_000,
    );
    expect(waiting).toHaveLength(1);

    // ... and its process is killed there, then the lock let go: the dead worker's transaction never commits.
    await first.stop('SIGKILL');
    release();
    await blocker;
    await waitFor(() => t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${waiting[0].pid}::int`, ([row]) => row.n === 0, 30_000);
    expect(await t.prisma.accessLog.count({ where: { session: 1790000002n } })).toBe(0);
    expect(await opensOf(lab.id)).toBe(1);

    // Another worker picks the job up once the dead one's lock on it runs out (about twice LOCK_MS).
    await startWorker();
    expect(await waitFor(() => opensOf(lab.id), (n) => n >= 2, 100_000)).toBe(2);
    expect(await t.prisma.accessLog.count({ where: { session: 1790000002n } })).toBe(1);
  }, 240_000);
});
