import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Pool, type PoolClient } from 'pg';
import type { Prisma } from '../../generated/prisma/client';

/** Runs statements written with `Prisma.sql`: on `pg` (HotPath) or in a Prisma transaction (`onPrisma`). */
export interface SqlRunner {
  query<T>(statement: Prisma.Sql): Promise<T[]>;
}

/** A Prisma transaction as a `SqlRunner`, for code that runs both on the hot path and in a UnitOfWork. */
export const onPrisma = (tx: Prisma.TransactionClient): SqlRunner => ({ query: <T>(statement: Prisma.Sql) => tx.$queryRaw<T[]>(statement) });

/**
 * The hottest statements of the product straight on `pg`, on a small pool of their own: a search
 * (its references and its one statement) and the search history the worker writes for every search.
 * Prisma's per-statement work (compiling the query in its WebAssembly engine, mapping the result)
 * cost about 1.5 ms of a 10 ms budget per search statement, and more than half of the worker's CPU
 * writing the history (measured, issue 14). Statements are written with `Prisma.sql` as everywhere
 * else; other writes stay in Prisma transactions (UnitOfWork).
 *
 * Every statement is prepared, named after its text: a search's text depends only on its shape
 * (which filters, how ordered), its ids are parameters, so each connection plans a shape once and
 * PostgreSQL may keep a generic plan for it. Planning the search statement took about 1.1 ms of its
 * 4 ms (EXPLAIN on 600,000 prices); prepared, a search took 30 % less (measured, issue 14).
 * Results are `pg`'s: bigint columns come back as strings (cast in SQL what must be a number).
 */
/**
 * How long a request waits for a free connection before it is answered 503 with Retry-After (issue 28): a starved
 * pool must not hang every other request for 30 s. Both pools (this one and Prisma's) wait this long at most.
 */
export const POOL_WAIT_MS = 5000;

export class HotPath implements SqlRunner {
  private readonly pool: Pool;

  constructor(databaseUrl: string) {
    // No JIT: a search of a dense neighbourhood (thousands of branches) crosses the JIT's cost threshold, and
    // compiling took 72 ms of a 128 ms statement that runs in 49 ms without it (6,000,000 prices, issue 14).
    this.pool = new Pool({ connectionString: databaseUrl, max: 8, allowExitOnIdle: true, options: '-c jit=off', connectionTimeoutMillis: POOL_WAIT_MS });
    // A cut idle connection (database restart, a test database dropped) is replaced on next use.
    this.pool.on('error', () => undefined);
  }

  query<T>(statement: Prisma.Sql): Promise<T[]> {
    return run<T>(this.pool, statement);
  }

  /** `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({ query: (statement) => run(client, statement) });
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (err) {
      // A connection whose rollback fails (cut, say) is not given back to the pool.
      const rolledBack = await client.query('ROLLBACK').then(() => true, () => false);
      client.release(!rolledBack);
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The statement names by text: a search's text is a few kilobytes, and hashing it on every search showed in profiles. */
const names = new LRUCache<string, string>({ max: 1000 });

async function run<T>(db: Pool | PoolClient, statement: Prisma.Sql): Promise<T[]> {
  let name = names.get(statement.text);
  if (!name) names.set(statement.text, (name = `hot_${createHash('sha1').update(statement.text).digest('base64url').slice(0, 20)}`));
  return (await db.query({ name, text: statement.text, values: statement.values })).rows as T[];
}
