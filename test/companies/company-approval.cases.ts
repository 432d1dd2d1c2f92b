import { Outbox } from '../../src/platform/messaging/outbox';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { readMailbox, waitForMail } from '../support/mailbox';
import { projectionSettled, waitFor } from '../support/wait';

/**
 * A laboratory company that signs up by itself: pending, it prepares data that nobody sees and
 * invites nobody; rejected (with a reason, mailed), it reads what it wrote but changes nothing;
 * approved, its authorized prices are quoted. Another company's provider never reaches it.
 */
describe('company approval: pending, rejected with a reason, approved', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let companyId: number;
  let comunaId: number;
  let otherCompany: number;
  let otherProvider: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } })).id;
    const signedUp = await t.http.post('/api/auth/sign-up-provider').type('form').send({
      firstName: 'Rosa', lastName: 'Pinto', email: 'rosa@labandes.cl', password: 'clave-de-rosa-12', phone: '9 8765 4321',
      rut: '76.354.771-K', legalName: 'Laboratorio Los Andes SpA', tradeName: 'LabAndes', companyPhone: '2 2345 6789', comunaId,
    });
    expect(signedUp.body.code).toBe(200);
    const rosa = await t.http.post('/api/auth/sign-in').send({ email: 'rosa@labandes.cl', password: 'clave-de-rosa-12' });
    provider = rosa.body.data.tokenData.accessToken;
    companyId = rosa.body.data.person.company.id;
    otherCompany = (await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED', id: { not: companyId } }, orderBy: { id: 'asc' } })).id;
    otherProvider = (await createProvider(t, admin, otherCompany, 'prv@otra-empresa.cl', 'clave-otra-empresa-1')).token;
  }, 120_000);
  afterAll(() => t.close());

  const as = (token: string) => ({
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });
  const quotedLabs = () => t.http.post('/api/laboratory/search').send({}).then((r) => r.body.data.items.map((i: { laboratoryId: number }) => i.laboratoryId) as number[]);

  it('lets a pending company complete its first branch and price it where nobody sees it, and refuses its invitations', async () => {
    expect(await as(provider).get(`/api/company/${companyId}`)).toMatchObject({ code: 200, data: { status: 'PENDING', rut: '76354771-K', decisionReason: null } });
    // The sign-up's comuna is its first branch's: the branch is there, named after the company, to be completed.
    const registered = await as(provider).post('/api/priv/laboratory/search', {});
    expect(registered.data.items).toEqual([expect.objectContaining({ identifierName: 'LabAndes', comuna: expect.objectContaining({ id: comunaId }) })]);
    const branch = await as(provider).post(`/api/priv/laboratory/${registered.data.items[0].id}`, { identifierName: 'LabAndes Ñuñoa', addressLine1: 'Av. Irarrázaval 3000' });
    expect(branch).toMatchObject({ code: 200, data: { identifierName: 'LabAndes Ñuñoa', addressLine1: 'Av. Irarrázaval 3000' } });
    const exam = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true }, orderBy: { id: 'asc' } });
    const price = await as(provider).post('/api/laboratory-exam', { laboratoryId: branch.data.id, examId: exam.id, price: 4990 });
    expect(price.code).toBe(200);
    // Even a price an administrator authorizes stays out of quotes while its company waits.
    expect((await as(admin).post(`/api/laboratory-exam/${price.data.id}`, { status: 'AUTHORIZED' })).code).toBe(200);
    await projectionSettled(t.prisma);
    expect(await quotedLabs()).not.toContain(branch.data.id);

    const invited = await as(provider).post('/api/person', { firstName: 'Pedro', lastName: 'Soto', email: 'pedro@labandes.cl', profileCode: 'PRV' });
    expect(invited).toMatchObject({ code: 403, error: 'COMPANY.NOT_APPROVED', message: expect.stringContaining('aún no está aprobada') });
    expect(await t.prisma.user.count({ where: { email: 'pedro@labandes.cl' } })).toBe(0);
  });

  it('keeps another company’s provider out of this company', async () => {
    expect(await as(otherProvider).get(`/api/company/${companyId}`)).toMatchObject({ code: 404, error: 'COMPANY.NOT_FOUND' });
    expect(await as(otherProvider).post(`/api/company/${companyId}`, { tradeName: 'Robada' })).toMatchObject({ code: 404, error: 'COMPANY.NOT_FOUND' });
    expect((await as(otherProvider).post('/api/company/search', { rut: '76354771-K' })).data.total).toBe(0);
    expect(await as(provider).post(`/api/company/${companyId}/approve`)).toMatchObject({ code: 403 });
    expect((await t.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).tradeName).toBe('LabAndes');
  });

  it('rejects only with a reason, mails the reason, and leaves the company read-only', async () => {
    expect(await as(admin).post(`/api/company/${companyId}/reject`, {})).toMatchObject({ code: 400, errors: { reason: [expect.stringContaining('motivo')] } });
    expect(await as(admin).post(`/api/company/${companyId}/reject`, { reason: 'no' })).toMatchObject({ code: 400, errors: { reason: [expect.stringContaining('5 caracteres')] } });
    expect(await as(admin).post(`/api/company/${companyId}/reject`, { reason: 'x'.repeat(501) })).toMatchObject({ code: 400, errors: { reason: [expect.any(String)] } });
    expect((await t.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).status).toBe('PENDING');

    const reason = 'La resolución sanitaria adjunta está vencida.';
    const rejected = await as(admin).post(`/api/company/${companyId}/reject`, { reason });
    expect(rejected).toMatchObject({ code: 200, data: { status: 'REJECTED', decisionReason: reason } });
    const mail = await waitForMail(t.dataDir, 'rosa@labandes.cl', 'Sobre la solicitud de LabAndes');
    expect(mail.text).toContain(`Motivo: ${reason}`);

    // Read-only: it still reads its company and branches, and changes nothing.
    expect(await as(provider).get(`/api/company/${companyId}`)).toMatchObject({ code: 200, data: { status: 'REJECTED', decisionReason: reason } });
    const branches = await as(provider).post('/api/priv/laboratory/search', {});
    expect(branches.code).toBe(200);
    const branchId = branches.data.items[0].id as number;
    expect(await as(provider).get(`/api/priv/laboratory/${branchId}`)).toMatchObject({ code: 200 });
    const refused = { code: 403, error: 'COMPANY.NOT_APPROVED', message: expect.stringContaining('fue rechazada') };
    expect(await as(provider).post(`/api/company/${companyId}`, { tradeName: 'LabAndes 2' })).toMatchObject(refused);
    expect(await as(provider).post(`/api/priv/laboratory/${branchId}`, { identifierName: 'Otro nombre' })).toMatchObject(refused);
    expect(await as(provider).post('/api/person', { firstName: 'Pedro', lastName: 'Soto', email: 'pedro@labandes.cl', profileCode: 'PRV' })).toMatchObject(refused);
    expect((await t.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).tradeName).toBe('LabAndes');
  });

  it('approves the company after all: the reason is cleared, the provider is mailed and may invite, and its price is quoted', async () => {
    const approved = await as(admin).post(`/api/company/${companyId}/approve`);
    expect(approved).toMatchObject({ code: 200, data: { status: 'APPROVED', decisionReason: null } });
    await waitForMail(t.dataDir, 'rosa@labandes.cl', 'LabAndes ya está en CotizaLab');
    const branchId = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId } })).id;
    expect(await waitFor(quotedLabs, (ids) => ids.includes(branchId))).toContain(branchId);
    expect(await as(provider).post(`/api/company/${companyId}`, { tradeName: 'LabAndes Chile' })).toMatchObject({ code: 200, data: { tradeName: 'LabAndes Chile' } });
    expect((await as(provider).post('/api/person', { firstName: 'Pedro', lastName: 'Soto', email: 'pedro@labandes.cl', profileCode: 'PRV' })).code).toBe(200);
    await waitForMail(t.dataDir, 'pedro@labandes.cl', 'Te crearon una cuenta');
  });

  it('still mails a rejection stored before reasons existed (CompanyRejected version 1), without a reason', async () => {
    await t.prisma.$transaction((tx) => t.app.get(Outbox).record(tx, [{ type: 'CompanyRejected', version: 1, aggregateType: 'Company', aggregateId: otherCompany, payload: { companyId: otherCompany } }]));
    const mail = await waitForMail(t.dataDir, 'prv@otra-empresa.cl', 'Sobre la solicitud de');
    expect(mail.text).toContain('No pudimos aprobar');
    expect(mail.text).not.toContain('Motivo:');
    expect((await readMailbox(t.dataDir)).filter((m) => m.to === 'prv@otra-empresa.cl' && m.subject.startsWith('Sobre la solicitud'))).toHaveLength(1);
  });
});
