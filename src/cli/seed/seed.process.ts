// The seed's process (seed-process.ts): its modules load as it starts; it seeds the database it is sent with a
// Prisma client of its own, answers, and exits. It exits too if the process that started it goes away.
import 'reflect-metadata';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';
import { createLogger } from '../../platform/logging/logger';
import { seedDatabase } from './seed';
import type { SeedAnswer, SeedRequest } from './seed-process';

process.once('disconnect', () => process.exit(1));
process.once('message', (request: SeedRequest) => {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: request.databaseUrl, max: 1 }) });
  void seedDatabase(prisma, request.config, createLogger(request.config))
    .then(
      (result): SeedAnswer => ({ result }),
      (error: unknown): SeedAnswer => ({ error: error instanceof Error ? error.message : String(error) }),
    )
    .then(async (answer) => {
      await prisma.$disconnect().catch(() => undefined);
      process.send!(answer, () => process.exit(0));
    });
});
