import { PrismaService } from '../../src/platform/database/prisma.service';
import { claimPeriod } from '../../src/platform/jobs/periodic';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * Issue 28: periodic work (sweeps, expiries, pruning) runs once per period whatever the number of worker processes:
 * of the processes ticking within a period exactly one claims it, and the next period is claimable when it comes.
 */
describe('claiming a period of periodic work', () => {
  let db: TestDatabase;
  let workers: PrismaService[];

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two workers: each its own connections, as two processes.
    workers = [new PrismaService(db.url), new PrismaService(db.url)];
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.$disconnect()));
    await db.drop();
  });

  it('gives each period to exactly one of the workers ticking at once, then the next period to one again', async () => {
    const tick = () => Promise.all([...workers, ...workers].map((w) => claimPeriod(w, 'order expiry sweep', 60_000)));
    expect((await tick()).filter(Boolean)).toHaveLength(1);
    // Within the period: nobody.
    expect((await tick()).filter(Boolean)).toHaveLength(0);
    // Another kind of work has periods of its own.
    expect(await claimPeriod(workers[1], 'orphan file sweep', 60_000)).toBe(true);
    // The period ends (as if a minute passed): the next tick claims it, once.
    await workers[0].periodicRun.update({ where: { what: 'order expiry sweep' }, data: { nextAt: new Date(Date.now() - 1) } });
    expect((await tick()).filter(Boolean)).toHaveLength(1);
    const next = (await workers[0].periodicRun.findUniqueOrThrow({ where: { what: 'order expiry sweep' } })).nextAt.getTime();
    expect(next - Date.now()).toBeGreaterThan(50_000);
  });
});
