import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';

/** Issue 10: an administrator decides prices one by one with a reason, or many at once from the queue. */
describe('price authorizations', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let otherProvider: string;
  let labA: number;
  let companyA: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const companies = await t.prisma.company.findMany({ where: { laboratories: { some: {} } }, orderBy: { id: 'asc' }, take: 2 });
    companyA = companies[0].id;
    labA = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA }, orderBy: { id: 'asc' } })).id;
    provider = (await createProvider(t, admin, companyA, 'prv@autorizaciones-a.cl', 'clave-autoriza-a-1')).token;
    otherProvider = (await createProvider(t, admin, companies[1].id, 'prv@autorizaciones-b.cl', 'clave-autoriza-b-1')).token;
  }, 120_000);
  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
  });

  /** Three new pending prices of the provider's branch, at exams it does not offer yet. */
  async function pendingPrices(prices: number[]): Promise<{ id: number; examId: number }[]> {
    const offered = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: labA }, select: { examId: true } })).map((r) => r.examId);
    const exams = await t.prisma.exam.findMany({ where: { id: { notIn: offered }, isActive: true, fonasaPriceLevel1: { gt: 0 } }, orderBy: { id: 'asc' }, take: prices.length });
    const created = [];
    for (const [i, price] of prices.entries()) {
      const answer = await as(provider).post('/api/laboratory-exam', { laboratoryId: labA, examId: exams[i].id, price });
      expect(answer.data).toMatchObject({ status: 'PENDING' });
      created.push({ id: answer.data.id as number, examId: exams[i].id });
    }
    return created;
  }

  it('asks for a reason to reject, keeps it, shows it to the provider and clears it when repriced', async () => {
    const [offer] = await pendingPrices([45000]);
    expect(await as(admin).post(`/api/laboratory-exam/${offer.id}`, { status: 'REJECTED' })).toMatchObject({ code: 400, errors: { reason: ['Indica el motivo del rechazo.'] } });
    expect(await as(admin).post(`/api/laboratory-exam/${offer.id}`, { status: 'REJECTED', reason: 'no' })).toMatchObject({ code: 400, errors: { reason: [expect.stringContaining('5 caracteres')] } });
    expect((await as(admin).post(`/api/laboratory-exam/${offer.id}`, { status: 'REJECTED', reason: 'x'.repeat(501) })).code).toBe(400);
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('PENDING');

    const rejected = await as(admin).post(`/api/laboratory-exam/${offer.id}`, { status: 'REJECTED', reason: 'El precio supera diez veces el arancel FONASA.' });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', rejectionReason: 'El precio supera diez veces el arancel FONASA.' });
    expect((await as(provider).get(`/api/laboratory-exam/${offer.id}`)).data.rejectionReason).toBe('El precio supera diez veces el arancel FONASA.');
    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { type: 'LaboratoryExamRejected', aggregateId: String(offer.id) } });
    expect(event).toMatchObject({ version: 2, payload: expect.objectContaining({ reason: 'El precio supera diez veces el arancel FONASA.' }) });

    const timeline = await as(provider).post('/api/audit/search', { entityType: 'LaboratoryExam', entityId: offer.id });
    expect(timeline.data.items[0]).toMatchObject({ action: 'laboratory_exam.rejected', actor: { fullName: expect.any(String), profile: 'ADM' }, details: expect.objectContaining({ reason: 'El precio supera diez veces el arancel FONASA.' }) });
    expect(await as(otherProvider).post('/api/audit/search', { entityType: 'LaboratoryExam', entityId: offer.id })).toMatchObject({ code: 404, error: 'AUDIT.NOT_FOUND' });

    const repriced = await as(provider).post(`/api/laboratory-exam/${offer.id}`, { price: 4500 });
    expect(repriced.data).toMatchObject({ status: 'PENDING', rejectionReason: null });
  });

  it('authorizes many at once and quotes them on the search within a second; refuses providers', async () => {
    const offers = await pendingPrices([7100, 7200]);
    const ids = offers.map((o) => o.id);
    expect(await as(provider).post('/api/laboratory-exam/authorize', { ids })).toMatchObject({ code: 403 });
    expect(await as(admin).post('/api/laboratory-exam/authorize', { ids: [] })).toMatchObject({ code: 400 });
    expect((await as(admin).post('/api/laboratory-exam/authorize', { ids: Array.from({ length: 501 }, (_, i) => i + 1) })).code).toBe(400);

    const quoteOf = (examId: number) => t.http.post('/api/laboratory/search').send({ exams: [examId], laboratoryId: labA }).then((r) => (r.body.data.items as { total: number }[]).map((i) => i.total));
    const quoted = async () => (await Promise.all(offers.map((o) => quoteOf(o.examId)))).flat().sort();
    expect(await quoted()).toEqual([]);
    const decided = await as(admin).post('/api/laboratory-exam/authorize', { ids });
    expect(decided.data).toEqual({ requested: 2, changed: 2, unchanged: 0 });
    const started = Date.now();
    expect(await waitFor(quoted, (totals) => totals.length === 2, 1000)).toEqual([7100, 7200]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await t.prisma.outboxEvent.count({ where: { type: 'LaboratoryExamAuthorized', aggregateId: { in: ids.map(String) } } })).toBe(2);
    expect(await t.prisma.auditLog.count({ where: { action: 'laboratory_exam.authorized', entityId: { in: ids.map(String) } } })).toBe(2);

    expect((await as(admin).post('/api/laboratory-exam/authorize', { ids })).data).toEqual({ requested: 2, changed: 0, unchanged: 2 });
  });

  it('rejects many with one reason, and decides nothing when an id is unknown', async () => {
    const offers = await pendingPrices([990000, 880000]);
    const ids = offers.map((o) => o.id);
    const missing = [2147483001, 2147483002];
    const refused = await as(admin).post('/api/laboratory-exam/reject', { ids: [...ids, ...missing], reason: 'Precio fuera de rango' });
    expect(refused).toMatchObject({ code: 404, error: 'LABORATORY_EXAM.NOT_FOUND' });
    expect(refused.message).toContain('2147483001, 2147483002');
    expect(await t.prisma.laboratoryExam.count({ where: { id: { in: ids }, status: 'PENDING' } })).toBe(2);
    expect(await t.prisma.outboxEvent.count({ where: { type: 'LaboratoryExamRejected', aggregateId: { in: ids.map(String) } } })).toBe(0);

    expect(await as(admin).post('/api/laboratory-exam/reject', { ids })).toMatchObject({ code: 400, errors: { reason: [expect.any(String)] } });
    expect((await as(admin).post('/api/laboratory-exam/reject', { ids, reason: 'Precio fuera de rango' })).data).toEqual({ requested: 2, changed: 2, unchanged: 0 });
    const rows = await t.prisma.laboratoryExam.findMany({ where: { id: { in: ids } } });
    expect(rows.map((r) => [r.status, r.rejectionReason])).toEqual([['REJECTED', 'Precio fuera de rango'], ['REJECTED', 'Precio fuera de rango']]);
    expect(await t.prisma.outboxEvent.count({ where: { type: 'LaboratoryExamRejected', aggregateId: { in: ids.map(String) } } })).toBe(2);
  });

  it('decides every price matching the queue’s filter, as many as the person was shown, or none', async () => {
    const offers = await pendingPrices([12345, 23456, 34567]);
    const other = await t.prisma.user.findUniqueOrThrow({ where: { email: 'prv@autorizaciones-b.cl' }, select: { person: { select: { companyId: true } } } });
    const otherLab = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: other.person.companyId! }, orderBy: { id: 'asc' } });
    const free = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true, laboratoryExams: { none: { laboratoryId: otherLab.id } } }, orderBy: { id: 'asc' } });
    const elsewhere = (await as(otherProvider).post('/api/laboratory-exam', { laboratoryId: otherLab.id, examId: free.id, price: 4321 })).data as { id: number };
    // What the queue shows for this branch: every pending price of it (the seeded ones included).
    const matching = { status: 'PENDING', laboratoryId: labA };
    const shown = (await as(admin).post('/api/laboratory-exam/search', { ...matching, perPage: 1 })).data.total as number;
    expect(shown).toBeGreaterThanOrEqual(offers.length);

    // The list changed since it was counted: nothing is decided, and the answer says how many match now.
    const stale = await as(admin).post('/api/laboratory-exam/authorize', { matching, expectedCount: shown - 1 });
    expect(stale).toMatchObject({ code: 409, error: 'LABORATORY_EXAM.SELECTION_CHANGED', errors: { expectedCount: [expect.stringContaining(`ahora ${shown.toLocaleString('es-CL')}`)] } });
    expect(await t.prisma.laboratoryExam.count({ where: { laboratoryId: labA, status: 'PENDING' } })).toBe(shown);
    // Both a selection and a filter, or a filter without its count, is not a decision; a provider decides nothing.
    expect(await as(admin).post('/api/laboratory-exam/authorize', { ids: [offers[0].id], matching, expectedCount: shown })).toMatchObject({ code: 400, errors: { ids: [expect.any(String)] } });
    expect(await as(admin).post('/api/laboratory-exam/authorize', { matching })).toMatchObject({ code: 400, errors: { expectedCount: [expect.any(String)] } });
    expect(await as(provider).post('/api/laboratory-exam/authorize', { matching, expectedCount: shown })).toMatchObject({ code: 403 });

    const decided = await as(admin).post('/api/laboratory-exam/reject', { matching, expectedCount: shown, reason: 'Revisa la lista completa' });
    expect(decided.data).toEqual({ requested: shown, changed: shown, unchanged: 0 });
    expect(await t.prisma.laboratoryExam.count({ where: { laboratoryId: labA, status: 'PENDING' } })).toBe(0);
    expect(await t.prisma.laboratoryExam.findMany({ where: { id: { in: offers.map((o) => o.id) } }, select: { rejectionReason: true } })).toEqual(offers.map(() => ({ rejectionReason: 'Revisa la lista completa' })));
    // A price of another branch was not in the filter, and stays pending.
    expect(await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: elsewhere.id } })).toMatchObject({ status: 'PENDING' });
  });

  it('finds pending prices far from the FONASA value, by company and comuna, and counts them on the dashboard', async () => {
    const [far, near] = await pendingPrices([5000, 5001]);
    const fonasa = async (id: number) => (await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id }, include: { exam: true } })).exam.fonasaPriceLevel1!;
    await t.prisma.laboratoryExam.update({ where: { id: far.id }, data: { price: (await fonasa(far.id)) * 12 } });
    await t.prisma.laboratoryExam.update({ where: { id: near.id }, data: { price: await fonasa(near.id) } });
    const lab = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: labA } });
    const search = (body: object) => as(admin).post('/api/laboratory-exam/search', { status: 'PENDING', perPage: 100, ...body }).then((r) => {
      expect(r).toMatchObject({ code: 200 });
      return (r.data.items as { id: number }[]).map((i) => i.id);
    });

    const extreme = await search({ deviation: 'extreme', companyId: companyA, comunaId: lab.comunaId });
    expect(extreme).toContain(far.id);
    expect(extreme).not.toContain(near.id);
    expect(await search({ deviation: 'far' })).toContain(far.id);
    expect(await search({ companyId: companyA })).toEqual(expect.arrayContaining([far.id, near.id]));

    // A provider's company filter never widens its scope.
    const foreign = await as(otherProvider).post('/api/laboratory-exam/search', { companyId: companyA, perPage: 100 });
    expect(foreign).toMatchObject({ code: 200, data: { total: 0, items: [] } });

    const pending = await t.prisma.laboratoryExam.count({ where: { status: 'PENDING', isActive: true, laboratory: { isActive: true } } });
    expect((await as(admin).get('/api/dashboard')).data).toMatchObject({ pendingPrices: pending, pendingCompanies: expect.any(Number) });
    expect((await as(provider).get('/api/dashboard')).data).toMatchObject({ pendingCompanies: null, pendingPrices: expect.any(Number) });
  });
});
