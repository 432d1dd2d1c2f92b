import { Injectable } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';
import { POOL_WAIT_MS } from './hot-path';

/** A Prisma transaction client, as handed to `$transaction(async (tx) => ...)`. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/**
 * The one Prisma client of the process. Repositories and query handlers use it; command
 * handlers get a transaction from it so that their writes and outbox events commit together.
 * It is disconnected last, by the platform module's shutdown, once the loops and job workers
 * that use it have stopped (a hook of its own ran before them: Nest destroys modules first).
 */
@Injectable()
export class PrismaService extends PrismaClient {
  constructor(readonly databaseUrl: string) {
    super({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: POOL_WAIT_MS }) });
  }
}
