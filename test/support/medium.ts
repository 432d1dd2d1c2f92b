import type { Actor } from '../../src/platform/auth/actor';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { createTestDatabase } from './databases';
import { seededTemplate } from './seeded-templates';

/**
 * The medium tier (test/medium, issue 29 item 6, in the style of immich's test/medium): a handler constructed with its
 * real collaborators on a real database, a clone of the run's seeded template, with no application, HTTP, queue or
 * sign-in around it. A rule proven here (who may see what, what is refused) fails in a fraction of a second; the HTTP
 * suites keep one case per route that shows the route hands the handler its caller.
 */
export async function startMedium(seedLabs: number): Promise<{ prisma: PrismaService; close(): Promise<void> }> {
  const { template } = await seededTemplate(seedLabs);
  const db = await createTestDatabase(template);
  const prisma = new PrismaService(db.url);
  return {
    prisma,
    async close() {
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** The callers the scoping rules tell apart, as the access guard would resolve them. */
export const actors = {
  administrator: (): Actor => ({ userId: 1, personId: 1, sessionId: 'medium', email: 'admin@cotizalab.test', profile: 'ADM', companyId: null }),
  /** A provider user of `companyId`; `laboratoryIds` narrows it to the branches its visibility grants name. */
  provider: (companyId: number, laboratoryIds: number[] | null = null): Actor => ({
    userId: 2, personId: 2, sessionId: 'medium', email: 'prv@cotizalab.test', profile: 'PRV', companyId, laboratoryIds,
  }),
};
