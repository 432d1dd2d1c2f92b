import { Pool } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../src/generated/prisma/client';
import { toEnvelope } from '../../src/platform/http/http-exception.filter';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * Issue 28: a request that cannot get a database connection within the pools' bounded wait is answered 503
 * SERVER.BUSY (with Retry-After, by the filter), not a 500 and not a 30 s hang. Checked on the real errors of both
 * pools, the hot path's (pg) and Prisma's (through its pg adapter), each shrunk to one connection that is taken.
 */
describe('a starved connection pool', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(() => db.drop());

  it("answers the hot path's wait running out as 503 SERVER.BUSY", async () => {
    const pool = new Pool({ connectionString: db.url, max: 1, connectionTimeoutMillis: 100 });
    const held = await pool.connect();
    try {
      const error = await pool.query('SELECT 1').then(() => null, (e: unknown) => e);
      expect(toEnvelope(error)).toMatchObject({ code: 503, error: 'SERVER.BUSY', message: expect.stringContaining('Intenta nuevamente') });
    } finally {
      held.release();
      await pool.end();
    }
  });

  it("answers Prisma's wait running out the same way", async () => {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 1, connectionTimeoutMillis: 100 }) });
    let release!: () => void;
    let holds!: () => void;
    const held = new Promise<void>((resolve) => (holds = resolve));
    // A transaction takes the one connection, says so once its first statement ran, and keeps it until released.
    const holding = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      holds();
      await new Promise<void>((resolve) => (release = resolve));
    }, { timeout: 10_000 });
    try {
      await held;
      const error = await prisma.$queryRaw`SELECT 1`.then(() => null, (e: unknown) => e);
      expect(toEnvelope(error)).toMatchObject({ code: 503, error: 'SERVER.BUSY' });
    } finally {
      release();
      await holding;
      await prisma.$disconnect();
    }
  });
});
