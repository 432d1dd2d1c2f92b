import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn, providersOfTwoCompanies } from '../support/accounts';
import { projectionSettled } from '../support/wait';

describe('copying the price list of one branch to another (CopyPriceList)', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let source: number;
  let target: number;
  let foreign: number;
  let exams: number[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const { companyA, companyB, ...providers } = await providersOfTwoCompanies(t, admin, 'copia');
    ({ providerA, providerB } = providers);
    const comunaId = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA } })).comunaId;
    const register = async (token: string, name: string) => (await as(token).post('/api/priv/laboratory', { identifierName: name, addressLine1: 'Av. Copia 100', comunaId })).data.id as number;
    source = await register(providerA, 'Sucursal origen');
    target = await register(providerA, 'Sucursal destino');
    foreign = await register(providerB, 'Sucursal de otra empresa');
    exams = (await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: { id: 'asc' }, take: 5 })).map((e) => e.id);
  }, 120_000);
  afterAll(() => t.close());

  const as = (token: string) => ({
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });
  const offer = async (laboratoryId: number, examId: number, price: number) => (await as(providerA).post('/api/laboratory-exam', { laboratoryId, examId, price })).data.id as number;
  const pricesAt = async (laboratoryId: number) =>
    Object.fromEntries((await t.prisma.laboratoryExam.findMany({ where: { laboratoryId }, orderBy: { examId: 'asc' } })).map((o) => [o.examId, { price: o.price, status: o.status, isActive: o.isActive }]));
  const written = async () => ({
    offers: await t.prisma.laboratoryExam.count(),
    history: await t.prisma.laboratoryExamPriceHistory.count(),
    events: await t.prisma.outboxEvent.count(),
    audit: await t.prisma.auditLog.count(),
  });

  it('offers each current price of the source at the target, reprices what the target had, and answers the counts', async () => {
    const [e1, e2, e3, e4, e5] = exams;
    await offer(source, e1, 11_000);
    await offer(source, e2, 12_000);
    const withdrawn = await offer(source, e3, 13_000);
    await as(providerA).delete(`/api/laboratory-exam/${withdrawn}`);
    await offer(source, e4, 14_000);
    const targetE2 = await offer(target, e2, 9_990);
    await offer(target, e4, 14_000);
    const targetE5 = await offer(target, e5, 15_000);
    await as(providerA).delete(`/api/laboratory-exam/${targetE5}`);
    // e5 withdrawn at the target, offered at the source: copying offers it again.
    await offer(source, e5, 15_500);
    const lastEvent = (await t.prisma.outboxEvent.findFirstOrThrow({ orderBy: { id: 'desc' } })).id;

    const answer = await as(providerA).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: target });
    expect(answer).toMatchObject({ code: 200, data: { fromLaboratoryId: source, toLaboratoryId: target, offered: 1, repriced: 2, unchanged: 1 } });

    expect(await pricesAt(target)).toEqual({
      [e1]: { price: 11_000, status: 'PENDING', isActive: true },
      [e2]: { price: 12_000, status: 'PENDING', isActive: true },
      [e4]: { price: 14_000, status: 'PENDING', isActive: true },
      [e5]: { price: 15_500, status: 'PENDING', isActive: true },
    });
    // The source's withdrawn exam was not copied, and the source itself is untouched.
    expect((await pricesAt(source))[e3]).toEqual({ price: 13_000, status: 'PENDING', isActive: false });

    const events = (await t.prisma.outboxEvent.findMany({ where: { id: { gt: lastEvent } }, orderBy: { id: 'asc' } })).map((e) => ({ type: e.type, payload: e.payload as Record<string, unknown> }));
    const newOffer = (await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { laboratoryId_examId: { laboratoryId: target, examId: e1 } } })).id;
    expect(events).toEqual([
      { type: 'LaboratoryExamOffered', payload: expect.objectContaining({ laboratoryExamId: newOffer, laboratoryId: target, examId: e1, price: 11_000, status: 'PENDING' }) },
      { type: 'LaboratoryExamPriceChanged', payload: expect.objectContaining({ laboratoryExamId: targetE2, laboratoryId: target, examId: e2, previousPrice: 9_990, price: 12_000 }) },
      { type: 'LaboratoryExamRestored', payload: expect.objectContaining({ laboratoryExamId: targetE5, laboratoryId: target, examId: e5 }) },
      { type: 'LaboratoryExamPriceChanged', payload: expect.objectContaining({ laboratoryExamId: targetE5, previousPrice: 15_000, price: 15_500 }) },
    ]);
    const audit = await t.prisma.auditLog.findFirstOrThrow({ where: { action: 'laboratory_exam.price_list_copied' } });
    expect(audit).toMatchObject({ entityType: 'Laboratory', entityId: String(target), details: expect.objectContaining({ offered: 1, repriced: 2, unchanged: 1 }) });

    // The price history of the repriced offer names who changed it.
    const e2Offer = await as(providerA).post('/api/laboratory-exam/search', { laboratoryId: target, term: '' , examId: e2 });
    expect(e2Offer.data.items[0].priceHistory[0]).toMatchObject({ oldPrice: 9_990, newPrice: 12_000, changedBy: { firstName: 'Proveedor', lastName: 'prv@copia-a.cl' } });
    await projectionSettled(t.prisma);
  });

  it('refuses a branch of another company, either way, and writes nothing', async () => {
    const before = await written();
    expect(await as(providerA).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: foreign })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    expect(await as(providerB).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: foreign })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    // An administrator may copy for any company, but not across two.
    expect(await as(admin).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: foreign })).toMatchObject({ code: 400, errors: { toLaboratoryId: [expect.any(String)] } });
    expect(await as(providerA).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: source })).toMatchObject({ code: 400, errors: { toLaboratoryId: [expect.any(String)] } });
    expect(await as(providerA).post('/api/laboratory-exam/copy', { fromLaboratoryId: source, toLaboratoryId: 999_999 })).toMatchObject({ code: 404 });
    expect(await as(providerA).post('/api/laboratory-exam/copy', { fromLaboratoryId: source })).toMatchObject({ code: 400, errors: { toLaboratoryId: [expect.any(String)] } });
    expect(await written()).toEqual(before);
    expect(Object.keys(await pricesAt(foreign))).toHaveLength(0);
  });

  it('finds a branch’s prices by exam name or code, withdrawn ones too', async () => {
    const exam = await t.prisma.exam.findUniqueOrThrow({ where: { id: exams[2] } });
    const byName = await as(providerA).post('/api/laboratory-exam/search', { laboratoryId: source, term: exam.name.slice(0, 8).toLowerCase() });
    expect(byName.data.items.map((o: { exam: { id: number } }) => o.exam.id)).toContain(exams[2]);
    const byCode = await as(providerA).post('/api/laboratory-exam/search', { laboratoryId: source, term: `${exam.code.slice(0, 2)}.${exam.code.slice(2, 5)}` });
    expect(byCode.data.items.map((o: { exam: { id: number } }) => o.exam.id)).toContain(exams[2]);
    const withdrawn = await as(providerA).post('/api/laboratory-exam/search', { laboratoryId: source, isActive: false });
    expect(withdrawn.data.items.map((o: { exam: { id: number } }) => o.exam.id)).toEqual([exams[2]]);
    const sorted = await as(providerA).post('/api/laboratory-exam/search', { laboratoryId: source, orderBy: 'price', orderSort: 'desc' });
    expect(sorted.data.items.map((o: { price: number }) => o.price)).toEqual([15_500, 14_000, 13_000, 12_000, 11_000]);
  });
});
