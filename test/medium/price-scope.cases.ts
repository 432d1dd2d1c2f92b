import { GetLaboratoryExamHandler, GetLaboratoryExamQuery } from '../../src/modules/catalogue/pricing/queries/get-laboratory-exam/get-laboratory-exam.query';
import { LaboratoryExamViews } from '../../src/modules/catalogue/pricing/queries/laboratory-exam-view';
import { SearchLaboratoryExamsHandler, SearchLaboratoryExamsQuery, type LaboratoryExamFilter } from '../../src/modules/catalogue/pricing/queries/search-laboratory-exams/search-laboratory-exams.query';
import type { Actor } from '../../src/platform/auth/actor';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { startMedium, type MediumActors } from '../support/medium';

/**
 * Which prices a caller of the back office sees (spec §2, issue 10's visibility grants): the prices list and queue
 * (`laboratoryExamWhere`) and one price (`LaboratoryExamViews.get`), on the seeded database. The HTTP cases
 * (test/accounts/person-visibility.cases.ts, test/catalogue/price-authorizations.cases.ts) keep the routes' checks.
 */
describe('the prices each caller of the back office sees', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let actors: MediumActors;
  /** Each branch's company and prices, by branch. */
  let pricesOf: Map<number, { companyId: number; ids: number[] }>;
  let mine: { companyId: number; labs: number[] };
  let theirs: { companyId: number; labs: number[] };

  beforeAll(async () => {
    ({ prisma, actors, close } = await startMedium(16));
    const prices = await prisma.laboratoryExam.findMany({ select: { id: true, laboratoryId: true, laboratory: { select: { companyId: true } } }, orderBy: { id: 'asc' } });
    pricesOf = new Map();
    for (const price of prices) {
      const lab = pricesOf.get(price.laboratoryId) ?? { companyId: price.laboratory.companyId, ids: [] };
      lab.ids.push(price.id);
      pricesOf.set(price.laboratoryId, lab);
    }
    const byCompany = new Map<number, number[]>();
    for (const [labId, lab] of pricesOf) byCompany.set(lab.companyId, [...(byCompany.get(lab.companyId) ?? []), labId]);
    const companies = [...byCompany].map(([companyId, labs]) => ({ companyId, labs }));
    mine = companies.find((company) => company.labs.length >= 2)!;
    theirs = companies.find((company) => company !== mine)!;
  });
  afterAll(() => close());

  /** The ids of the prices of these branches, in order. */
  const pricesAt = (labs: number[]) => labs.flatMap((lab) => pricesOf.get(lab)!.ids).sort((a, b) => a - b);
  const search = (actor: Actor, filter: Omit<LaboratoryExamFilter, 'currentPage' | 'perPage'> = {}) =>
    new SearchLaboratoryExamsHandler(prisma)
      .execute(new SearchLaboratoryExamsQuery(actor, { currentPage: 1, perPage: 10_000, ...filter }))
      .then((page) => ({ ids: page.items.map((price) => price.id).sort((a, b) => a - b), total: page.total }));
  const open = (actor: Actor, priceId: number) => new GetLaboratoryExamHandler(new LaboratoryExamViews(prisma)).execute(new GetLaboratoryExamQuery(actor, priceId));

  it('lists a provider its own company’s prices only, also when it asks for another company or another company’s branch', async () => {
    expect(mine && theirs).toBeTruthy();
    const own = pricesAt(mine.labs);
    const provider = actors.provider(mine.companyId);
    expect(await search(provider)).toEqual({ ids: own, total: own.length });
    expect(await search(provider, { companyId: theirs.companyId })).toEqual({ ids: [], total: 0 });
    expect(await search(provider, { laboratoryId: theirs.labs[0] })).toEqual({ ids: [], total: 0 });
  });

  it('lists an administrator every company’s prices, or one company’s when it asks', async () => {
    const every = pricesAt([...pricesOf.keys()]);
    expect(await search(actors.administrator())).toEqual({ ids: every, total: every.length });
    expect(await search(actors.administrator(), { companyId: theirs.companyId })).toEqual({ ids: pricesAt(theirs.labs), total: pricesAt(theirs.labs).length });
  });

  it('narrows a provider with visibility grants to the granted branch’s prices, in the list and one by one', async () => {
    const [granted, notGranted] = mine.labs;
    const narrowed = actors.provider(mine.companyId, [granted]);
    expect(await search(narrowed)).toEqual({ ids: pricesAt([granted]), total: pricesAt([granted]).length });
    expect(await search(narrowed, { laboratoryId: notGranted })).toEqual({ ids: [], total: 0 });
    expect((await open(narrowed, pricesAt([granted])[0])).id).toBe(pricesAt([granted])[0]);
    await expect(open(narrowed, pricesAt([notGranted])[0])).rejects.toMatchObject({ status: 404, error: 'LABORATORY_EXAM.NOT_FOUND' });
  });

  it('answers another company’s price as one that does not exist, and shows an administrator any', async () => {
    const theirPrice = pricesAt(theirs.labs)[0];
    await expect(open(actors.provider(mine.companyId), theirPrice)).rejects.toMatchObject({ status: 404, error: 'LABORATORY_EXAM.NOT_FOUND' });
    await expect(open(actors.administrator(), 999_999_999)).rejects.toMatchObject({ status: 404, error: 'LABORATORY_EXAM.NOT_FOUND' });
    expect(await open(actors.administrator(), theirPrice)).toMatchObject({ id: theirPrice, laboratory: { id: theirs.labs[0], companyId: theirs.companyId } });
  });
});
