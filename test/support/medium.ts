import type { Actor } from '../../src/platform/auth/actor';
import { PrismaService } from '../../src/platform/database/prisma.service';
import { createTestDatabase } from './databases';
import { seededTemplate } from './seeded-templates';

/** The callers the scoping rules tell apart, as the access guard resolves them, each a person of the database. */
export interface MediumActors {
  /** The seed's administrator. */
  administrator(): Actor;
  /** A provider user of `companyId`; `laboratoryIds` narrows it to the branches its visibility grants name. */
  provider(companyId: number, laboratoryIds?: number[] | null): Actor;
}

/**
 * The medium tier (test/medium, issue 29 item 6, in the style of immich's test/medium): a handler constructed with its
 * real collaborators on a real database, a clone of the run's seeded template, with no application, HTTP, queue or
 * sign-in around it. A rule proven here (who may see what, what is refused) fails in a fraction of a second; the HTTP
 * suites keep one case per route that shows the route hands the handler its caller.
 */
export async function startMedium(seedLabs: number): Promise<{ prisma: PrismaService; actors: MediumActors; close(): Promise<void> }> {
  const { template } = await seededTemplate(seedLabs);
  const db = await createTestDatabase(template);
  const prisma = new PrismaService(db.url);
  try {
    return { prisma, actors: await actorsOf(prisma), close: () => closeMedium() };
  } catch (error) {
    await closeMedium();
    throw error;
  }
  async function closeMedium() {
    await prisma.$disconnect();
    await db.drop();
  }
}

/** One provider person per company (audit rows and events name a real person), and the seed's administrator. */
async function actorsOf(prisma: PrismaService): Promise<MediumActors> {
  const admin = await prisma.person.findFirstOrThrow({ where: { profile: { code: 'ADM' } }, include: { user: true } });
  const provider = await prisma.profile.findUniqueOrThrow({ where: { code: 'PRV' } });
  const companies = await prisma.company.findMany({ select: { id: true } });
  const people = await prisma.person.createManyAndReturn({
    data: companies.map((c) => ({ firstName: 'Proveedor', lastName: `Empresa ${c.id}`, profileId: provider.id, companyId: c.id })),
    select: { id: true, companyId: true },
  });
  const personOf = new Map(people.map((p) => [p.companyId!, p.id]));
  return {
    administrator: () => ({ userId: admin.user!.id, personId: admin.id, sessionId: 'medium', email: admin.user!.email, profile: 'ADM', companyId: null }),
    provider: (companyId, laboratoryIds = null) => ({
      userId: 0, personId: personOf.get(companyId)!, sessionId: 'medium', email: `prv-${companyId}@medium.test`, profile: 'PRV', companyId, laboratoryIds,
    }),
  };
}
