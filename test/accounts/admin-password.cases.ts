import pino from 'pino';
import { seedDatabase } from '../../src/cli/seed/seed';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { verifyPassword } from '../../src/platform/security/passwords';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * Issue 28, operations: ADMIN_PASSWORD set after the first start is applied to the administrator it names, and a
 * password naming no administrator stops the start instead of doing nothing; an operator's database gets no demo
 * laboratories unless asked (SEED_DEMO, seedLabs 0 here).
 */
describe('the administrator password after the first start', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
  }, 120_000);
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  const adminHash = async () => (await prisma.user.findFirstOrThrow({ where: { email: 'admin@cotizalab.cl' } })).passwordHash;

  it('applies a new ADMIN_PASSWORD on the next start, and refuses one for an address that is no administrator', async () => {
    expect(await seedDatabase(prisma, { admin: { email: undefined, password: 'primera-clave-1' }, seedLabs: 0 }, log)).toMatchObject({ seeded: true });
    expect(await prisma.laboratory.count()).toBe(0);
    expect(await verifyPassword(await adminHash(), 'primera-clave-1')).toBe(true);

    await seedDatabase(prisma, { admin: { email: undefined, password: 'segunda-clave-2' }, seedLabs: 0 }, log);
    expect(await verifyPassword(await adminHash(), 'segunda-clave-2')).toBe(true);
    // Unset: the password stays as it is.
    await seedDatabase(prisma, { admin: { email: undefined, password: undefined }, seedLabs: 0 }, log);
    expect(await verifyPassword(await adminHash(), 'segunda-clave-2')).toBe(true);

    await expect(seedDatabase(prisma, { admin: { email: 'nadie@cotizalab.cl', password: 'tercera-clave-3' }, seedLabs: 0 }, log)).rejects.toThrow(/nadie@cotizalab\.cl is no administrator/);
    expect(await verifyPassword(await adminHash(), 'segunda-clave-2')).toBe(true);
  });
});
