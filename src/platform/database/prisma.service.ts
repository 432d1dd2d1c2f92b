import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';

/** A Prisma transaction client, as handed to `$transaction(async (tx) => ...)`. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/**
 * The one Prisma client of the process. Repositories and query handlers use it; command
 * handlers get a transaction from it so that their writes and outbox events commit together.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(readonly databaseUrl: string) {
    super({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
