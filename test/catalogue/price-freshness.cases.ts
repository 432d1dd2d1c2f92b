import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, providersOfTwoCompanies, signIn } from '../support/accounts';
import { chileDay } from '../../src/platform/chile/calendar';
import { waitFor } from '../support/wait';

/**
 * Issue 30, "is the price current, and is it a good price?": each price says since when its laboratory set or
 * confirmed it; one not confirmed in 6 months is marked and left out of the region's figures; a laboratory confirms
 * its whole list unchanged in one action; a price change confirms itself.
 */
describe('price freshness and where a price sits in its region', () => {
  let t: TestApp;
  let providerA: string;
  let providerB: string;
  let lab: { id: number; comunaId: number; examIds: number[] };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const providers = await providersOfTwoCompanies(t, admin, 'fresh');
    ({ providerA, providerB } = providers);
    const found = await t.prisma.laboratory.findFirstOrThrow({
      where: { companyId: providers.companyA, isActive: true, exams: { some: { status: 'AUTHORIZED', isActive: true } } },
      select: { id: true, comunaId: true, exams: { where: { status: 'AUTHORIZED', isActive: true }, select: { examId: true }, orderBy: { examId: 'asc' }, take: 2 } },
    });
    lab = { id: found.id, comunaId: found.comunaId, examIds: found.exams.map((e) => e.examId) };
  }, 120_000);
  afterAll(() => t.close());

  const quote = () => t.http.post('/api/laboratory/search').send({ exams: lab.examIds, location: lab.comunaId, perPage: 50 }).then((r) => r.body.data);
  const lineOf = (data: { items: { laboratoryId: number; exams: { examId: number; stale?: true; confirmedOn?: string }[] }[] }) => data.items.find((i) => i.laboratoryId === lab.id)!.exams[0];
  const confirm = (token: string, laboratoryId: number) => t.http.post('/api/laboratory-exam/confirm').set('Authorization', `Bearer ${token}`).send({ laboratoryId }).then((r) => r.body);

  it('marks a price unconfirmed for 6 months, leaves it out of the region’s figures, and clears it when the laboratory confirms its list', async () => {
    const fresh = await quote();
    expect(lineOf(fresh)).toMatchObject({ confirmedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(lineOf(fresh).stale).toBeUndefined();
    const stats = fresh.priceStats[lab.examIds[0]];
    expect(stats).toMatchObject({ min: expect.any(Number), median: expect.any(Number), max: expect.any(Number) });
    expect(stats.min).toBeLessThanOrEqual(stats.median);
    expect(stats.median).toBeLessThanOrEqual(stats.max);

    // Months without a word from the laboratory, since a late evening in Chile (already the next day in UTC): the
    // write model and the search's copy of the date (projected with each price) both months old.
    const monthsAgo = new Date('2026-03-02T02:00:00Z');
    await t.prisma.laboratoryExam.updateMany({ where: { laboratoryId: lab.id }, data: { confirmedAt: monthsAgo } });
    await t.prisma.searchLaboratoryExam.updateMany({ where: { laboratoryId: lab.id }, data: { confirmedAt: monthsAgo } });
    await t.prisma.$executeRawUnsafe('NOTIFY search_changed');
    const stale = await waitFor(quote, (data) => lineOf(data).stale === true);
    expect(lineOf(stale).confirmedOn).toBe('2026-03-01');
    expect(stale.priceStats[lab.examIds[0]]?.count ?? 0).toBe(stats.count - 1);

    // Another company's provider cannot confirm it; its own can, in one action.
    expect(await confirm(providerB, lab.id)).toMatchObject({ code: 404 });
    const confirmed = await confirm(providerA, lab.id);
    expect(confirmed).toMatchObject({ code: 200, data: { laboratoryId: lab.id, confirmed: expect.any(Number) } });
    expect(confirmed.data.confirmed).toBeGreaterThanOrEqual(lab.examIds.length);
    const again = await waitFor(quote, (data) => lineOf(data).stale === undefined);
    expect(lineOf(again).confirmedOn).toBe(chileDay());
    expect(again.priceStats[lab.examIds[0]].count).toBe(stats.count);
  });

  it('confirms a price whenever it changes', async () => {
    const offer = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: lab.id, examId: lab.examIds[1] } });
    await t.prisma.laboratoryExam.update({ where: { id: offer.id }, data: { confirmedAt: new Date('2025-01-01') } });
    await t.prisma.laboratoryExam.update({ where: { id: offer.id }, data: { isActive: true } });
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offer.id } })).confirmedAt.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    await t.prisma.laboratoryExam.update({ where: { id: offer.id }, data: { price: offer.price + 10 } });
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offer.id } })).confirmedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
