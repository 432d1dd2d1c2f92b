import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { AccessPolicy } from '../../src/platform/auth/access-policy';
import { listRoutes } from '../../src/platform/auth/route-policy-check';
import { startTestApp, type TestApp } from '../support/app';
import { createProvider } from '../support/accounts';

/**
 * Who may call what. Every route the API registers must be listed here with its policy: a route
 * added without one (or not added here) fails this suite.
 */
const MATRIX: Record<string, AccessPolicy['kind']> = {
  'GET /api/health': 'public',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /': 'public',
  'GET /buscador': 'public',
  'GET /buscador/tarjeta.png': 'public',
  'GET /laboratorio/:id': 'public',
  'GET /cotizacion/:ref': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/locations': 'public',
  'GET /api/locations/children/:id': 'public',
  'POST /api/auth/sign-in': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/auth/logout': 'signed-in',
  'POST /api/jwt/refresh-with-token': 'public',
  'POST /api/jwt/recovery-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/change-password': 'signed-in',
  'POST /api/auth/update-password': 'admin',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-up-provider': 'public',
  'POST /api/auth/admin-sign-up': 'admin',
  'POST /api/auth/contact-up': 'public',
  'POST /api/form-contact': 'public',
  'POST /api/auth/valid-phone': 'public',
  // Each back-office person's optional mails (issue 27, item 3): administrators and provider users, for themselves.
  'GET /api/auth/mail-preferences': 'provider',
  'POST /api/auth/mail-preferences': 'provider',
  'GET /api/person': 'provider',
  'POST /api/person/search': 'provider',
  'POST /api/person': 'provider',
  'GET /api/person/:id': 'signed-in',
  'POST /api/person/:id': 'signed-in',
  'DELETE /api/person/:id': 'provider',
  'POST /api/person/:id/reactivate': 'provider',
  'POST /api/person-visibility': 'admin',
  'GET /api/person-visibility/:id': 'admin',
  'POST /api/update-person-visibility/:id': 'admin',
  'DELETE /api/person-visibility/:id': 'admin',
  'POST /api/company/search': 'provider',
  'GET /api/company/:id': 'provider',
  'POST /api/company': 'admin',
  'POST /api/company/:id': 'provider',
  'POST /api/company/:id/approve': 'admin',
  'POST /api/company/:id/reject': 'admin',
  'POST /api/laboratory/search': 'public',
  'POST /api/exam/search': 'public',
  'POST /api/laboratory-exam/search': 'provider',
  'POST /api/laboratory-exam/copy': 'provider',
  'POST /api/laboratory-exam/confirm': 'provider',
  'POST /api/laboratory-exam/authorize': 'admin',
  'POST /api/laboratory-exam/reject': 'admin',
  'GET /api/laboratory-exam/:id': 'provider',
  'POST /api/laboratory-exam': 'provider',
  'POST /api/laboratory-exam/:id': 'provider',
  'DELETE /api/laboratory-exam/:id': 'provider',
  'GET /api/exam/:id': 'public',
  'GET /api/exam-type': 'public',
  'POST /api/exam': 'admin',
  'POST /api/exam/:id': 'admin',
  'DELETE /api/exam/:id': 'admin',
  // The order reader (issue 26): public, throttled per client.
  'POST /api/exam/read-order': 'public',
  'POST /api/exam/read-order/choice': 'public',
  'POST /api/exam/read-order/photo': 'public',
  // The order reader's vocabulary (issue 26): administrators only.
  'POST /api/order-term/search': 'admin',
  'GET /api/order-term/:id': 'admin',
  'POST /api/order-term': 'admin',
  'POST /api/order-term/:id': 'admin',
  'DELETE /api/order-term/:id': 'admin',
  // The UF's value by day (issue 30): anyone reads today's, administrators keep them.
  'GET /api/uf-value': 'public',
  'POST /api/uf-value/search': 'admin',
  'GET /api/uf-value/:id': 'admin',
  'POST /api/uf-value': 'admin',
  'POST /api/uf-value/:id': 'admin',
  'POST /api/laboratory/:id/search': 'public',
  'POST /api/log-access': 'public',
  'GET /api/dashboard': 'provider',
  'POST /api/audit/search': 'provider',
  'POST /api/reports/dashboard': 'admin',
  'POST /api/reports/access': 'admin',
  'POST /api/reports/search-history': 'admin',
  'GET /api/reports/search-history/export': 'admin',
  'GET /api/reports/search-history/:id': 'admin',
  'POST /api/reports/laboratories': 'provider',
  'POST /api/reports/laboratories/:id': 'provider',
  'POST /api/reports/unmet-demand': 'provider',
  'POST /api/laboratory': 'provider',
  'POST /api/laboratory/:id': 'provider',
  'POST /api/priv/laboratory/search': 'provider',
  'GET /api/priv/laboratory/:id': 'provider',
  'POST /api/priv/laboratory': 'provider',
  'POST /api/priv/laboratory/:id': 'provider',
  'DELETE /api/priv/laboratory/:id': 'provider',
  'POST /api/laboratory-attribute/search': 'provider',
  'GET /api/laboratory-attribute/:id': 'provider',
  'POST /api/laboratory-attribute': 'provider',
  'POST /api/laboratory-attribute/:id': 'provider',
  'DELETE /api/laboratory-attribute/:id': 'provider',
  'GET /api/select-list-type': 'public',
  'POST /api/select-list-types/code': 'public',
  'POST /api/select-list-type/search': 'admin',
  'GET /api/select-list-type/:id': 'admin',
  'POST /api/select-list-type': 'admin',
  'POST /api/select-list-type/update-isvisible/:id': 'admin',
  'POST /api/select-list-type/update-ispublic/:id': 'admin',
  'POST /api/select-list-type/update-isfilter/:id': 'admin',
  'POST /api/select-list-type/:id': 'admin',
  'DELETE /api/select-list-type/:id': 'admin',
  'GET /api/select-list': 'public',
  'GET /api/select-list/:id': 'admin',
  'POST /api/select-list': 'admin',
  'POST /api/select-list/:id': 'admin',
  'DELETE /api/select-list/:id': 'admin',
  'GET /api/location-near/import': 'admin',
  'GET /api/location-near': 'admin',
  'POST /api/location-near/search': 'admin',
  'POST /api/location-near/search/:id': 'public',
  'POST /api/location-near': 'admin',
  'POST /api/location-near/:id': 'admin',
  'DELETE /api/location-near/:id': 'admin',
  'GET /api/insurer': 'public',
  'POST /api/laboratory-import': 'provider',
  'POST /api/laboratory-exam-import': 'provider',
  'POST /api/exam-import': 'admin',
  'POST /api/imports/search': 'provider',
  'GET /api/imports/templates/:name': 'provider',
  // A company's price list as the import's template (issue 27): a provider its own, an administrator any.
  'GET /api/laboratory-exam-export': 'provider',
  'GET /api/imports/:id': 'provider',
  'POST /api/imports/:id/confirm': 'provider',
  'POST /api/imports/:id/rows/search': 'provider',
  'GET /api/imports/:id/errors.csv': 'provider',
  'GET /api/imports/:id/file': 'provider',
  // Commerce, part A (issue 13): files, banners and sliders, categories and products.
  'POST /api/files': 'provider',
  'POST /api/files/search': 'provider',
  'DELETE /api/files/:id': 'provider',
  'GET /api/media': 'public',
  'GET /api/media/:id': 'public',
  'POST /api/banner/search': 'admin',
  'GET /api/banner/:id': 'admin',
  'POST /api/banner': 'admin',
  'POST /api/banner/:id': 'admin',
  'DELETE /api/banner/:id': 'admin',
  'POST /api/slider/search': 'admin',
  'GET /api/slider/:id': 'admin',
  'POST /api/slider': 'admin',
  'POST /api/slider/:id': 'admin',
  'DELETE /api/slider/:id': 'admin',
  'POST /api/category/search': 'public',
  'GET /api/category/:id': 'public',
  'POST /api/category': 'admin',
  'POST /api/category/:id': 'admin',
  'POST /api/product/search': 'public',
  'POST /api/product/covering': 'public',
  'GET /api/product/:id': 'public',
  'POST /api/product': 'admin',
  'POST /api/product/:id': 'admin',
  'POST /api/provider/product/search': 'provider',
  'GET /api/provider/product/:id': 'provider',
  'POST /api/provider/product': 'provider',
  'POST /api/provider/product/:id': 'provider',
  'DELETE /api/provider/product/:id': 'provider',
  // Commerce: checkout, payments and sales orders (issue 13, part B).
  'GET /api/shipping-methods': 'public',
  'GET /api/payment-methods': 'public',
  'POST /api/checkout': 'public',
  'POST /api/checkout-auth': 'signed-in',
  'GET /api/payments/return': 'public',
  'POST /api/payments/return': 'public',
  'GET /api/payments/simulator': 'public',
  'POST /api/payments/simulator': 'public',
  'POST /api/payments/simulator/decision': 'public',
  'POST /api/sales-order/search': 'signed-in',
  'GET /api/sales-order/:id': 'public',
  'GET /api/sales-order/:id/voucher.pdf': 'public',
  'POST /api/sales-order/:id/redeem': 'provider',
  // Providers are told refunding is an administrator's (403), or 404 for another company's order.
  'POST /api/sales-order/:id/refund': 'provider',
  // "Mis órdenes": each person's saved orders (issue 19).
  'POST /api/saved-order': 'signed-in',
  'POST /api/saved-order/search': 'signed-in',
  'DELETE /api/saved-order/:id': 'signed-in',
  'POST /api/quote': 'public',
  'GET /api/quote/:ref': 'public',
  'GET /api/quote/:ref/pdf': 'public',
  // Webhooks (issue 27, item 4): a company's providers (whole company) and administrators.
  'POST /api/webhook-endpoint/search': 'provider',
  'POST /api/webhook-endpoint': 'provider',
  'POST /api/webhook-endpoint/:id': 'provider',
  'POST /api/webhook-endpoint/:id/rotate-secret': 'provider',
  'DELETE /api/webhook-endpoint/:id': 'provider',
  'POST /api/webhook-delivery/search': 'provider',
  'GET /api/webhook-delivery/:id': 'provider',
  'POST /api/webhook-delivery/:id/redeliver': 'provider',
  // A company's API keys (issue 27, item 4): its provider users who see the whole company, with a person's session
  // (a key answers 403 AUTH.SESSION_REQUIRED); an administrator lists and revokes any company's, creates none.
  'POST /api/api-key/search': 'provider',
  'POST /api/api-key': 'provider',
  'POST /api/api-key/:id/revoke': 'provider',
};

type Role = 'anonymous' | 'USR' | 'PRV-A' | 'PRV-B' | 'ADM';
const ALLOWED: Record<AccessPolicy['kind'], Role[]> = {
  public: ['anonymous', 'USR', 'PRV-A', 'PRV-B', 'ADM'],
  'signed-in': ['USR', 'PRV-A', 'PRV-B', 'ADM'],
  provider: ['PRV-A', 'PRV-B', 'ADM'],
  admin: ['ADM'],
};

describe('access policies', () => {
  let t: TestApp;
  const passwords: Record<Exclude<Role, 'anonymous'>, [string, string]> = {
    USR: ['visitante@example.cl', 'clave-visitante-1'],
    'PRV-A': ['prv@labnorte.cl', 'clave-prv-norte-1'],
    'PRV-B': ['prv@labsur.cl', 'clave-prv-sur-1'],
    ADM: ['admin@cotizalab.test', 'clave-de-prueba-123'],
  };
  const ids = { companyA: 0, companyB: 0, personA: 0, personB: 0, visitor: 0 };

  const signIn = async (role: Exclude<Role, 'anonymous'>) => {
    const [email, password] = passwords[role];
    const answer = await t.http.post('/api/auth/sign-in').send({ email, password });
    if (answer.body.code !== 200) throw new Error(`${role} could not sign in: ${JSON.stringify(answer.body)}`);
    return answer.body.data as { tokenData: { accessToken: string }; person: { id: number } };
  };
  // One session per role (sign-in is throttled per IP); logging out needs a session of its own.
  const tokens = new Map<Role, string>();
  const tokenOf = async (role: Exclude<Role, 'anonymous'>, fresh: boolean) => {
    if (fresh) return (await signIn(role)).tokenData.accessToken;
    if (!tokens.has(role)) tokens.set(role, (await signIn(role)).tokenData.accessToken);
    return tokens.get(role)!;
  };
  const as = (role: Role) => async (method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const request = t.http[method](path);
    if (role !== 'anonymous') request.set('Authorization', `Bearer ${await tokenOf(role, path === '/api/auth/logout')}`);
    // A page or a file (robots.txt, an import's error report) answers its HTTP status in place of an envelope.
    return (body ? request.send(body) : request).then((r) => (r.type === 'application/json' ? r.body : { code: r.status }));
  };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    const admin = as('ADM');
    ids.companyA = (await admin('post', '/api/company', { rut: '76.086.428-5', legalName: 'Laboratorio Norte SpA', tradeName: 'LabNorte' })).data.id;
    ids.companyB = (await admin('post', '/api/company', { rut: '77.312.560-0', legalName: 'Laboratorio Sur SpA', tradeName: 'LabSur' })).data.id;
    const adminToken = await tokenOf('ADM', false);
    for (const [role, companyId] of [['PRV-A', ids.companyA], ['PRV-B', ids.companyB]] as const) {
      const [email, password] = passwords[role];
      // An administrator creates the account; the invitation mail's link sets its password.
      const provider = await createProvider(t, adminToken, companyId, email, password);
      ids[role === 'PRV-A' ? 'personA' : 'personB'] = provider.personId;
    }
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Vale', lastName: 'Visitante', email: passwords.USR[0], password: passwords.USR[1] });
    ids.visitor = (await signIn('USR')).person.id;
  }, 120_000);
  afterAll(() => t.close());

  it('has a declared policy for every registered route, as this matrix says', () => {
    const routes = listRoutes(t.app.get(DiscoveryService), t.app.get(MetadataScanner), t.app.get(Reflector));
    const declared = Object.fromEntries(routes.map((r) => [r.endpoint, r.policy?.kind ?? 'NONE']));
    expect(declared).toEqual(MATRIX);
  });

  it.each(Object.entries(MATRIX))('%s lets in exactly the roles of its policy (%s)', async (endpoint, kind) => {
    const [method, path] = endpoint.split(' ');
    const concrete = path.replace(':id', '2147483000');
    for (const role of ['anonymous', 'USR', 'PRV-A', 'ADM'] as Role[]) {
      const answer = await as(role)(method.toLowerCase() as 'get' | 'post' | 'delete', concrete, method === 'GET' ? undefined : {});
      const refusedByPolicy = answer.error === 'AUTH.UNAUTHENTICATED' || answer.error === 'AUTH.FORBIDDEN';
      expect({ role, refusedByPolicy }).toEqual({ role, refusedByPolicy: !ALLOWED[kind].includes(role) });
      if (refusedByPolicy) expect(answer.code).toBe(role === 'anonymous' ? 401 : 403);
      expect(answer.code).toBeLessThan(500);
    }
  });

  it('keeps a provider inside its own company', async () => {
    const prvA = as('PRV-A');
    // Another company's ids answer exactly as ids that do not exist.
    const missingCompany = await prvA('get', '/api/company/999999');
    expect(missingCompany).toMatchObject({ code: 404, error: 'COMPANY.NOT_FOUND' });
    expect(await prvA('get', `/api/company/${ids.companyB}`)).toEqual(missingCompany);
    expect(await prvA('post', `/api/company/${ids.companyB}`, { tradeName: 'Secuestrada' })).toEqual(missingCompany);
    expect((await prvA('post', `/api/company/${ids.companyA}`, { tradeName: 'LabNorte Centro' })).data.tradeName).toBe('LabNorte Centro');
    expect(await prvA('post', `/api/company/${ids.companyA}`, { rut: '11.111.111-1' })).toMatchObject({ code: 403 });
    const companies = await prvA('post', '/api/company/search', {});
    expect(companies.data.items.map((c: { id: number }) => c.id)).toEqual([ids.companyA]);

    expect(await prvA('get', `/api/person/${ids.personB}`)).toMatchObject({ code: 404, error: 'PERSON.NOT_FOUND' });
    expect(await prvA('post', `/api/person/${ids.personB}`, { firstName: 'Cambiado' })).toMatchObject({ code: 404 });
    expect(await prvA('delete', `/api/person/${ids.personB}`)).toMatchObject({ code: 404 });
    expect(await prvA('get', `/api/person/${ids.visitor}`)).toMatchObject({ code: 404 });
    const persons = await prvA('post', '/api/person/search', { fullName: 'Proveedor' });
    expect(persons.data.items.map((p: { id: number }) => p.id)).toEqual([ids.personA]);
    expect(await prvA('post', '/api/person', { firstName: 'Intruso', lastName: 'X', email: 'intruso@example.cl', profileCode: 'PRV', companyId: ids.companyB })).toMatchObject({ code: 400, errors: { companyId: ['La empresa indicada no existe.'] } });
    expect(await prvA('post', '/api/person', { firstName: 'Jefe', lastName: 'X', email: 'jefe@example.cl', profileCode: 'ADM' })).toMatchObject({ code: 403 });
    const colleague = await prvA('post', '/api/person', { firstName: 'Colega', lastName: 'Norte', email: 'colega@labnorte.cl', profileCode: 'PRV' });
    expect(colleague.data).toEqual({ email: 'colega@labnorte.cl', message: expect.any(String) });
    expect(await t.prisma.person.findFirst({ where: { user: { email: 'colega@labnorte.cl' } }, include: { profile: true } })).toMatchObject({ companyId: ids.companyA, profile: { code: 'PRV' } });
    expect((await t.prisma.person.findUniqueOrThrow({ where: { id: ids.personB } })).firstName).toBe('Proveedor');
  });

  it('lets a visitor read and edit only their own data', async () => {
    const visitor = as('USR');
    expect(await visitor('get', `/api/person/${ids.personA}`)).toMatchObject({ code: 404 });
    const edited = await visitor('post', `/api/person/${ids.visitor}`, { phone: '+56 2 2345 6789', rut: '12.345.678-5' });
    expect(edited.data).toMatchObject({ phone: '+56 2 2345 6789', rut: '12345678-5' });
    expect(await visitor('post', `/api/person/${ids.visitor}`, { rut: '12.345.678-9' })).toMatchObject({ code: 400, errors: { rut: [expect.any(String)] } });
  });

  it('records administrators’ actions on accounts', async () => {
    const admin = as('ADM');
    const created = await admin('post', '/api/auth/admin-sign-up', { firstName: 'Nueva', lastName: 'Admin', email: 'nueva.admin@cotizalab.test', password: 'clave-admin-nueva-1' });
    expect(created.code).toBe(200);
    expect(await admin('post', '/api/auth/admin-sign-up', { firstName: 'Otra', lastName: 'Admin', email: 'nueva.admin@cotizalab.test', password: 'clave-admin-nueva-1' })).toMatchObject({ code: 409, error: 'USER.EMAIL_TAKEN' });
    const colleague = await t.prisma.person.findFirstOrThrow({ where: { user: { email: 'colega@labnorte.cl' } } });
    expect((await admin('delete', `/api/person/${colleague.id}`)).code).toBe(200);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { personId: colleague.id } })).toMatchObject({ isActive: false });
    const actions = (await t.prisma.auditLog.findMany({ orderBy: { id: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['company.created', 'person.created', 'admin.created', 'person.deleted']));
  });
});
