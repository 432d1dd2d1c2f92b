import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import type { Prisma } from '../../generated/prisma/client';

/**
 * The hottest reads of the product (a search: its references and its one statement) straight on
 * `pg`, on a small pool of their own. Prisma's per-statement work (compiling the query in its
 * WebAssembly engine, mapping the result) cost about 1.5 ms of a 10 ms budget per statement
 * (measured, issue 14). Statements are written with `Prisma.sql` as everywhere else; writes stay
 * in Prisma transactions (UnitOfWork).
 *
 * Every statement is prepared, named after its text: a search's text depends only on its shape
 * (which filters, how ordered), its ids are parameters, so each connection plans a shape once and
 * PostgreSQL may keep a generic plan for it. Planning the search statement took about 1.1 ms of its
 * 4 ms (EXPLAIN on 600,000 prices); prepared, a search took 30 % less (measured, issue 14).
 */
export class HotReads {
  private readonly pool: Pool;

  constructor(databaseUrl: string) {
    // No JIT: a search of a dense neighbourhood (thousands of branches) crosses the JIT's cost threshold, and
    // compiling took 72 ms of a 128 ms statement that runs in 49 ms without it (6,000,000 prices, issue 14).
    this.pool = new Pool({ connectionString: databaseUrl, max: 8, allowExitOnIdle: true, options: '-c jit=off' });
    // A cut idle connection (database restart, a test database dropped) is replaced on next use.
    this.pool.on('error', () => undefined);
  }

  async query<T>(statement: Prisma.Sql): Promise<T[]> {
    const name = `hot_${createHash('sha1').update(statement.text).digest('base64url').slice(0, 20)}`;
    return (await this.pool.query({ name, text: statement.text, values: statement.values })).rows as T[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
