import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type * as SeedProcessModule from '../../src/cli/seed/seed-process';
import { createTestDatabase, withDatabase, requiredEnv, type TestDatabase } from '../support/databases';

const BUILT = join(__dirname, '..', '..', 'dist', 'cli', 'seed', 'seed-process.js');

/** The built module, as `node dist/main.js` runs it: the seed's process is a `.js` file of the build. */
function builtSeedProcess(): typeof SeedProcessModule.SeedProcess {
  if (!existsSync(BUILT)) throw new Error('this test runs the built seed process: run `npm run build` first (`npm test` does)');
  return (require(BUILT) as typeof SeedProcessModule).SeedProcess;
}

const config = { admin: { email: undefined, password: 'clave-semilla-1' }, seedLabs: 2, role: 'all', logLevel: 'warn', logFormat: 'json' } as const;

describe("a first start's seed, in a process of its own", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('seeds the empty database it is sent and answers what it wrote', async () => {
    const result = await builtSeedProcess().start().seed({ databaseUrl: db.url, config });

    expect(result).toMatchObject({ seeded: true, admin: { email: 'admin@cotizalab.cl' }, counts: { laboratories: 2 } });
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows: [counts] } = await client.query(`SELECT (SELECT count(*) FROM laboratory)::int AS laboratories, (SELECT count(*) FROM app_meta WHERE key = 'seed')::int AS markers`);
    await client.end();
    expect(counts).toEqual({ laboratories: 2, markers: 1 });
  }, 60_000);

  it("fails with the seed's own reason, and does not hang, when the database cannot be seeded", async () => {
    const missing = withDatabase(requiredEnv('TEST_PG_ADMIN_URL'), 'cl_no_such_database');
    await expect(builtSeedProcess().start().seed({ databaseUrl: missing, config })).rejects.toThrow(/cl_no_such_database/);
  }, 60_000);
});
