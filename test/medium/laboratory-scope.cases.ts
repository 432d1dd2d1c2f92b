import { GetOwnLaboratoryHandler, GetOwnLaboratoryQuery } from '../../src/modules/catalogue/laboratories/queries/get-own-laboratory/get-own-laboratory.query';
import { SearchOwnLaboratoriesHandler, SearchOwnLaboratoriesQuery } from '../../src/modules/catalogue/laboratories/queries/search-own-laboratories/search-own-laboratories.query';
import type { Actor } from '../../src/platform/auth/actor';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { startMedium, type MediumActors } from '../support/medium';

/**
 * Which branches a caller of the back office sees (spec §2, issue 10's visibility grants): the rule of
 * `laboratoryScope`/`assertLaboratoryScope` in the two queries that read branches, on the seeded database. The HTTP
 * cases (test/catalogue/laboratories.cases.ts) keep one check per route that it hands the caller over.
 */
describe('the branches each caller of the back office sees', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let actors: MediumActors;
  /** A company with at least two branches (for the grants), another company, and their branches' ids. */
  let mine: { companyId: number; labs: number[] };
  let theirs: { companyId: number; labs: number[] };
  let everyLab: number[];

  beforeAll(async () => {
    ({ prisma, actors, close } = await startMedium(16));
    const labs = await prisma.laboratory.findMany({ select: { id: true, companyId: true }, orderBy: { id: 'asc' } });
    everyLab = labs.map((lab) => lab.id);
    const labsOf = new Map<number, number[]>();
    for (const lab of labs) labsOf.set(lab.companyId, [...(labsOf.get(lab.companyId) ?? []), lab.id]);
    const byCompany = [...labsOf].map(([companyId, ids]) => ({ companyId, labs: ids }));
    mine = byCompany.find((company) => company.labs.length >= 2)!;
    theirs = byCompany.find((company) => company !== mine)!;
  });
  afterAll(() => close());

  const search = (actor: Actor, filter: { companyId?: number } = {}) =>
    new SearchOwnLaboratoriesHandler(prisma).execute(new SearchOwnLaboratoriesQuery(actor, { currentPage: 1, perPage: 100, ...filter })).then((page) => ({ ids: page.items.map((lab) => lab.id).sort((a, b) => a - b), total: page.total }));
  const open = (actor: Actor, laboratoryId: number) => new GetOwnLaboratoryHandler(prisma).execute(new GetOwnLaboratoryQuery(actor, laboratoryId));

  it('lists a provider its own company’s branches only, also when it asks for another company’s', async () => {
    expect(mine && theirs).toBeTruthy();
    expect(await search(actors.provider(mine.companyId))).toEqual({ ids: mine.labs, total: mine.labs.length });
    expect(await search(actors.provider(mine.companyId), { companyId: theirs.companyId })).toEqual({ ids: mine.labs, total: mine.labs.length });
  });

  it('lists an administrator every branch, or one company’s when it asks', async () => {
    expect(await search(actors.administrator())).toEqual({ ids: everyLab, total: everyLab.length });
    expect(await search(actors.administrator(), { companyId: theirs.companyId })).toEqual({ ids: theirs.labs, total: theirs.labs.length });
  });

  it('narrows a provider with visibility grants to the granted branches, in the list and one by one', async () => {
    const [granted, notGranted] = mine.labs;
    const narrowed = actors.provider(mine.companyId, [granted]);
    expect(await search(narrowed)).toEqual({ ids: [granted], total: 1 });
    expect((await open(narrowed, granted)).id).toBe(granted);
    await expect(open(narrowed, notGranted)).rejects.toMatchObject({ error: 'LABORATORY.NOT_FOUND' });
  });

  it('answers another company’s branch as one that does not exist, and shows an administrator any', async () => {
    const [their] = theirs.labs;
    await expect(open(actors.provider(mine.companyId), their)).rejects.toMatchObject({ status: 404, error: 'LABORATORY.NOT_FOUND' });
    await expect(open(actors.provider(mine.companyId), 999_999)).rejects.toMatchObject({ status: 404, error: 'LABORATORY.NOT_FOUND' });
    expect(await open(actors.administrator(), their)).toMatchObject({ id: their, company: { id: theirs.companyId } });
  });
});
