import { CompanyViews } from '../../src/modules/companies/company-view';
import { GetCompanyHandler, GetCompanyQuery } from '../../src/modules/companies/queries/get-company/get-company.query';
import { SearchCompaniesHandler, SearchCompaniesQuery } from '../../src/modules/companies/queries/search-companies/search-companies.query';
import type { Actor } from '../../src/platform/auth/actor';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { startMedium, type MediumActors } from '../support/medium';

/**
 * Which companies a caller of the back office sees (spec §2): a provider its own only, an administrator every one. The
 * HTTP cases (test/companies/company-approval.cases.ts) keep one check per route that it hands the caller over.
 */
describe('the companies each caller of the back office sees', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let actors: MediumActors;
  let companies: { id: number; tradeName: string }[];

  beforeAll(async () => {
    ({ prisma, actors, close } = await startMedium(16));
    companies = await prisma.company.findMany({ select: { id: true, tradeName: true }, orderBy: { id: 'asc' } });
  });
  afterAll(() => close());

  const search = (actor: Actor, filter: { name?: string } = {}) =>
    new SearchCompaniesHandler(prisma).execute(new SearchCompaniesQuery(actor, { currentPage: 1, perPage: 100, ...filter })).then((page) => ({ ids: page.items.map((c) => c.id).sort((a, b) => a - b), total: page.total }));
  // async: the handler throws before it returns a promise, which the query bus turns into a rejection.
  const open = async (actor: Actor, companyId: number) => new GetCompanyHandler(new CompanyViews(prisma)).execute(new GetCompanyQuery(actor, companyId));

  it('lists a provider its own company only, also when it searches for another one by name', async () => {
    const [mine, theirs] = companies;
    expect(await search(actors.provider(mine.id))).toEqual({ ids: [mine.id], total: 1 });
    expect(await search(actors.provider(mine.id), { name: theirs.tradeName })).toEqual({ ids: [], total: 0 });
  });

  it('lists an administrator every company', async () => {
    expect(await search(actors.administrator())).toEqual({ ids: companies.map((c) => c.id), total: companies.length });
  });

  it('answers another company as one that does not exist, and shows a provider its own and an administrator any', async () => {
    const [mine, theirs] = companies;
    await expect(open(actors.provider(mine.id), theirs.id)).rejects.toMatchObject({ status: 404, error: 'COMPANY.NOT_FOUND' });
    expect(await open(actors.provider(mine.id), mine.id)).toMatchObject({ id: mine.id });
    expect(await open(actors.administrator(), theirs.id)).toMatchObject({ id: theirs.id });
    await expect(open(actors.administrator(), 999_999)).rejects.toMatchObject({ status: 404, error: 'COMPANY.NOT_FOUND' });
  });
});
