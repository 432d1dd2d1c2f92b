import { PrismaPg } from '@prisma/adapter-pg';
import pino from 'pino';
import { seedDatabase } from '../../src/cli/seed/seed';
import { PrismaClient } from '../../src/generated/prisma/client';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * The first seed writes its prices and their history without the database's per-row key checks, where the session may
 * skip them (a superuser, as the tests' and the embedded PostgreSQL's are). So the seed itself must keep the keys,
 * and the checks must be back for whatever the same connection writes next.
 */
describe("the first seed's prices and the foreign keys", () => {
  let db: TestDatabase;
  // One connection, as the seed's own process has: anything the seed left set on it, the next statement meets.
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 1 }) });
    await seedDatabase(prisma, { admin: { email: undefined, password: 'clave-semilla-1' }, seedLabs: 4 }, pino({ level: 'silent' }));
  }, 120_000);
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  it('points every price at a branch and an exam that exist, and gives each one history row at its price', async () => {
    const [found] = await prisma.$queryRaw<{ prices: number; orphanPrices: number; pricesWithoutOneHistory: number; orphanHistory: number }[]>`
      SELECT (SELECT count(*) FROM laboratory_exam)::int AS "prices",
             (SELECT count(*) FROM laboratory_exam le
              WHERE NOT EXISTS (SELECT 1 FROM laboratory l WHERE l.id = le.laboratory_id)
                 OR NOT EXISTS (SELECT 1 FROM exam e WHERE e.id = le.exam_id))::int AS "orphanPrices",
             (SELECT count(*) FROM laboratory_exam le
              WHERE (SELECT count(*) FROM laboratory_exam_price_history h WHERE h.laboratory_exam_id = le.id AND h.new_price = le.price) <> 1)::int AS "pricesWithoutOneHistory",
             (SELECT count(*) FROM laboratory_exam_price_history h
              WHERE NOT EXISTS (SELECT 1 FROM laboratory_exam le WHERE le.id = h.laboratory_exam_id))::int AS "orphanHistory"`;
    expect(found.prices).toBeGreaterThan(100);
    expect(found).toMatchObject({ orphanPrices: 0, pricesWithoutOneHistory: 0, orphanHistory: 0 });
  });

  it('checks the keys again on the same connection once the seed is done', async () => {
    const lab = await prisma.laboratory.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await expect(prisma.$executeRaw`INSERT INTO laboratory_exam (laboratory_id, exam_id, price, updated_at) VALUES (${lab.id}, -1, 1000, now())`).rejects.toThrow(
      /foreign key/i,
    );
  });
});
