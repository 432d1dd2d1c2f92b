import { Pool } from 'pg';
import type { Prisma } from '../../generated/prisma/client';

/**
 * The hottest reads of the product (a search: its references and its one statement) straight on
 * `pg`, on a small pool of their own. Prisma's per-statement work (compiling the query in its
 * WebAssembly engine, mapping the result) cost about 1.5 ms of a 10 ms budget per statement
 * (measured, issue 14). Statements are written with `Prisma.sql` as everywhere else; writes stay
 * in Prisma transactions (UnitOfWork).
 */
export class HotReads {
  private readonly pool: Pool;

  constructor(databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 8, allowExitOnIdle: true });
    // A cut idle connection (database restart, a test database dropped) is replaced on next use.
    this.pool.on('error', () => undefined);
  }

  async query<T>(statement: Prisma.Sql): Promise<T[]> {
    return (await this.pool.query(statement.text, statement.values)).rows as T[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
