import { AuthorizationDigest } from '../../src/modules/notifications';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { readMailbox, type ReceivedMail } from '../support/mailbox';
import { waitFor } from '../support/wait';

/** A valid company RUT (module 11) from its number. */
const rut = (n: number) => {
  let sum = 0;
  let factor = 2;
  for (const digit of String(n).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return `${n}-${dv === 11 ? '0' : dv === 10 ? 'K' : dv}`;
};

/**
 * Issue 27, item 3 "People are told": one mail per decision batch to each provider user of the companies it touched,
 * a mail to administrators when a company signs up and a daily digest of the queue; HTML with a text part, each kind
 * turned off by its recipient.
 */
describe('back-office mails', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let quietA: string;
  let providerB: string;
  let companyA: number;
  let companyB: number;
  let labsA: number[];
  let labB: number;

  const as = (token: string) => ({
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
  });

  const mailsTo = async (to: string, subject: string): Promise<ReceivedMail[]> => (await readMailbox(t.dataDir)).filter((m) => m.to === to && m.subject.includes(subject));

  /** Waits until the mail consumer handled every event of these types in the outbox (it mails inside its transaction). */
  async function mailsSettled(types: string[]): Promise<void> {
    const left = await waitFor(
      async () => {
        const [row] = await t.prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM outbox_event e
          WHERE e.type = ANY(${types}::text[]) AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = 'back-office-mails' AND p.event_id = e.id)`;
        return row.n;
      },
      (n) => n === 0,
    );
    expect(left).toBe(0);
  }

  /** New pending prices of a branch, at exams it does not offer yet. */
  async function pendingPrices(token: string, laboratoryId: number, prices: number[]): Promise<{ id: number; name: string; code: string }[]> {
    const offered = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId }, select: { examId: true } })).map((r) => r.examId);
    const exams = await t.prisma.exam.findMany({ where: { id: { notIn: offered }, isActive: true }, orderBy: { id: 'asc' }, take: prices.length });
    const created = [];
    for (const [i, price] of prices.entries()) {
      const answer = await as(token).post('/api/laboratory-exam', { laboratoryId, examId: exams[i].id, price });
      expect(answer.data).toMatchObject({ status: 'PENDING' });
      created.push({ id: answer.data.id as number, name: exams[i].name, code: exams[i].code });
    }
    return created;
  }

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const companies = await t.prisma.company.findMany({ where: { status: 'APPROVED', laboratories: { some: {} } }, include: { laboratories: { orderBy: { id: 'asc' } } }, orderBy: { id: 'asc' } });
    const withTwo = companies.find((c) => c.laboratories.length >= 2) ?? companies[0];
    const other = companies.find((c) => c.id !== withTwo.id)!;
    companyA = withTwo.id;
    companyB = other.id;
    labsA = withTwo.laboratories.slice(0, 2).map((l) => l.id);
    labB = other.laboratories[0].id;
    // A name typed long ago, before fields refused markup: the HTML part must show it as text.
    await t.prisma.company.update({ where: { id: companyA }, data: { tradeName: '<b>Lab & Co</b>' } });
    // The seed leaves some prices pending; the queue starts empty here so the digest's figures are this test's.
    await t.prisma.laboratoryExam.updateMany({ where: { status: 'PENDING' }, data: { status: 'AUTHORIZED', authorizedAt: new Date() } });
    providerA = (await createProvider(t, admin, companyA, 'prv@avisos-a.cl', 'clave-avisos-a-1')).token;
    quietA = (await createProvider(t, admin, companyA, 'callado@avisos-a.cl', 'clave-avisos-a-2')).token;
    providerB = (await createProvider(t, admin, companyB, 'prv@avisos-b.cl', 'clave-avisos-b-1')).token;
  }, 180_000);
  afterAll(() => t.close());

  it('sends no digest while nothing waits for authorization', async () => {
    expect(await t.app.get(AuthorizationDigest).send(new Date())).toBe(0);
    expect(await mailsTo(ADMIN.email, 'autorización en CotizaLab')).toEqual([]);
  });

  it('lets each person turn a kind of their profile off, and no other', async () => {
    expect((await as(quietA).get('/api/auth/mail-preferences')).data).toEqual({
      preferences: [
        { kind: 'PRICE_DECISIONS', label: 'Precios autorizados o rechazados', description: expect.any(String), enabled: true },
        { kind: 'IMPORT_FINISHED', label: 'Importaciones terminadas', description: expect.any(String), enabled: true },
      ],
    });
    const off = await as(quietA).post('/api/auth/mail-preferences', { kind: 'PRICE_DECISIONS', enabled: false });
    expect(off.data.preferences).toEqual([expect.objectContaining({ kind: 'PRICE_DECISIONS', enabled: false }), expect.objectContaining({ kind: 'IMPORT_FINISHED', enabled: true })]);
    // Twice is the same; a kind of administrators is not a provider's to set.
    expect((await as(quietA).post('/api/auth/mail-preferences', { kind: 'PRICE_DECISIONS', enabled: false })).data.preferences[0].enabled).toBe(false);
    expect(await as(quietA).post('/api/auth/mail-preferences', { kind: 'COMPANY_SIGN_UPS', enabled: false })).toMatchObject({ code: 400, errors: { kind: [expect.any(String)] } });
    expect(await as(quietA).post('/api/auth/mail-preferences', { kind: 'WHATEVER', enabled: false })).toMatchObject({ code: 400, errors: { kind: [expect.any(String)] } });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: 'callado@avisos-a.cl' } })).mailOptOuts).toEqual(['PRICE_DECISIONS']);
    expect((await as(admin).get('/api/auth/mail-preferences')).data.preferences.map((p: { kind: string }) => p.kind)).toEqual(['COMPANY_SIGN_UPS', 'AUTHORIZATION_DIGEST']);
  });

  it('mails the pending count by company in the digest, at the instant asked', async () => {
    const a = await pendingPrices(providerA, labsA[0], [11000, 12000]);
    await pendingPrices(providerB, labB, [13000]);
    const now = new Date(Date.now() + 3 * 86_400_000);
    expect(await t.app.get(AuthorizationDigest).send(now)).toBe(1);
    const [digest] = await mailsTo(ADMIN.email, '3 precios esperan autorización');
    expect(digest.text).toContain('3 precios esperan autorización, de 2 empresas');
    expect(digest.text).toContain('(hace 3 días)');
    expect(digest.text).toMatch(/- <b>Lab & Co<\/b> · 2 · /);
    expect(digest.text).toContain('/app/authorized-examinations?status=PENDING');
    expect(digest.text).toContain('/app?avisos=1');
    expect(digest.html).toContain('&lt;b&gt;Lab &amp; Co&lt;/b&gt;');
    expect(digest.html).not.toContain('<b>Lab');
    // Decided, they leave the queue (and the next test's batch has them).
    expect(a).toHaveLength(2);
  });

  it('mails each company once per bulk decision, listing its prices by branch', async () => {
    const moreA = await pendingPrices(providerA, labsA[1] ?? labsA[0], [21000]);
    const pending = await t.prisma.laboratoryExam.findMany({ where: { status: 'PENDING' }, include: { exam: true, laboratory: true } });
    expect(pending.map((p) => p.id)).toEqual(expect.arrayContaining(moreA.map((p) => p.id)));
    expect(await as(admin).post('/api/laboratory-exam/authorize', { ids: pending.map((p) => p.id) })).toMatchObject({ data: { changed: 4 } });
    await mailsSettled(['PriceDecisionsMade']);

    const toA = await mailsTo('prv@avisos-a.cl', 'Autorizamos');
    expect(toA).toHaveLength(1);
    expect(toA[0].subject).toBe('Autorizamos 3 precios de <b>Lab & Co</b>');
    for (const price of pending.filter((p) => p.laboratory.companyId === companyA)) {
      expect(toA[0].text).toContain(`${price.exam.name} · ${price.exam.code} · $${price.price.toLocaleString('es-CL')}`);
      expect(toA[0].html).toContain(price.exam.code);
      expect(toA[0].text).toContain(price.laboratory.identifierName.toUpperCase());
    }
    expect(toA[0].html).toContain('&lt;b&gt;Lab &amp; Co&lt;/b&gt;');
    expect(toA[0].html).not.toContain('<b>Lab');
    expect(toA[0].text).toContain('/app/authorized-examinations?status=AUTHORIZED');
    expect(toA[0].text).toContain('Mis avisos por correo: http');

    const toB = await mailsTo('prv@avisos-b.cl', 'Autorizamos');
    expect(toB).toHaveLength(1);
    expect(toB[0].subject).toMatch(/^Autorizamos 1 precio de /);
    expect(toB[0].html).toMatch(/^<!doctype html>/);
    // Company B's mail names none of company A's prices, and the person who turned the kind off got nothing.
    expect(toB[0].text).not.toContain('Lab & Co');
    expect(await mailsTo('callado@avisos-a.cl', 'Autorizamos')).toEqual([]);
  });

  it('says why a price was rejected', async () => {
    const [offer] = await pendingPrices(providerB, labB, [990000]);
    const reason = 'El precio supera diez veces el arancel FONASA & no corresponde.';
    expect((await as(admin).post(`/api/laboratory-exam/${offer.id}`, { status: 'REJECTED', reason })).data).toMatchObject({ status: 'REJECTED' });
    await mailsSettled(['PriceDecisionsMade']);
    const [mail, ...more] = await mailsTo('prv@avisos-b.cl', 'Rechazamos');
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Rechazamos 1 precio de /);
    expect(mail.text).toContain(`Motivo: ${reason}`);
    expect(mail.text).toContain(`${offer.name} · ${offer.code} · $990.000`);
    expect(mail.html).toContain('Motivo: El precio supera diez veces el arancel FONASA &amp; no corresponde.');
    expect(mail.text).toContain('/app/authorized-examinations?status=REJECTED');
    // One event per command, beside each price's own.
    expect(await t.prisma.outboxEvent.count({ where: { type: 'PriceDecisionsMade' } })).toBe(2);
  });

  it('mails the administrators who want it when a company signs up', async () => {
    const created = await as(admin).post('/api/auth/admin-sign-up', { firstName: 'Otra', lastName: 'Admin', email: 'otra.admin@cotizalab.test', password: 'clave-admin-otra-1' });
    expect(created.code).toBe(200);
    const other = (await signIn(t, 'otra.admin@cotizalab.test', 'clave-admin-otra-1')).token;
    expect((await as(other).post('/api/auth/mail-preferences', { kind: 'COMPANY_SIGN_UPS', enabled: false })).code).toBe(200);

    const signedUp = await t.http.post('/api/auth/sign-up-provider').type('form').send({
      firstName: 'Marta', lastName: 'Soto', email: 'marta@labyco.cl', password: 'clave-de-marta-12', phone: '9 8765 4321',
      rut: rut(77123456), legalName: 'Laboratorio Lab & Co SpA', tradeName: 'Lab & Co Norte', companyPhone: '2 2345 6789',
    });
    expect(signedUp.body.code).toBe(200);
    await mailsSettled(['ProviderRegistered']);
    const [mail, ...more] = await mailsTo(ADMIN.email, 'Nueva empresa por aprobar');
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Nueva empresa por aprobar: Lab & Co Norte');
    const company = await t.prisma.company.findFirstOrThrow({ where: { tradeName: 'Lab & Co Norte' } });
    expect(mail.text).toContain(`/app/company/view/${company.id}`);
    expect(mail.text).toContain('marta@labyco.cl');
    expect(mail.html).toContain('Laboratorio Lab &amp; Co SpA');
    expect(mail.html).toContain(`href="http://localhost:`);
    expect(await mailsTo('otra.admin@cotizalab.test', 'Nueva empresa')).toEqual([]);
  });

  it('sends every one of these mails with a text and an HTML part', async () => {
    const ours = (await readMailbox(t.dataDir)).filter((m) => /^(Autorizamos|Rechazamos|Nueva empresa por aprobar|\d+ precios? esperan?)/.test(m.subject));
    expect(ours.length).toBeGreaterThanOrEqual(5);
    for (const mail of ours) {
      expect(mail.text.length).toBeGreaterThan(50);
      expect(mail.text).not.toContain('<table');
      expect(mail.html).toContain('<table');
      expect(mail.html).toContain('Mis avisos por correo');
    }
  });
});
