import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { readMailbox, waitForMail } from '../support/mailbox';

/**
 * Issue 10, bad input and abuse: invitations are limited per company and hour, never reveal whether
 * an e-mail is registered; an administrator setting a password closes the person's sessions; a
 * provider stays inside its company's users.
 */
describe('invitations and accounts in the back office', () => {
  let t: TestApp;
  let adminToken: string;
  const companies = { north: 0, south: 0 };
  let north: { token: string; personId: number };
  let south: { token: string; personId: number };

  const call = (token: string | null, method: 'get' | 'post' | 'delete', path: string, body?: object) => {
    const request = t.http[method](path);
    if (token) request.set('Authorization', `Bearer ${token}`);
    return body ? request.send(body) : request;
  };
  const newCompany = async (rut: string, tradeName: string) => {
    const id = (await call(adminToken, 'post', '/api/company', { rut, legalName: `${tradeName} SpA`, tradeName })).body.data.id as number;
    // Companies an administrator creates may start pending: approve them (an approved one just answers otherwise).
    await call(adminToken, 'post', `/api/company/${id}/approve`, {});
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    adminToken = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    companies.north = await newCompany('76.086.428-5', 'LabNorte');
    companies.south = await newCompany('77.312.560-0', 'LabSur');
    north = await createProvider(t, adminToken, companies.north, 'prv@labnorte.cl', 'clave-prv-norte-1');
    south = await createProvider(t, adminToken, companies.south, 'prv@labsur.cl', 'clave-prv-sur-1');
  }, 120_000);
  afterAll(() => t.close());

  it('answers an invitation of a registered e-mail exactly like a new one, creates nothing and tells the owner', async () => {
    const fresh = await call(north.token, 'post', '/api/person', { firstName: 'Nueva', lastName: 'Colega', email: 'nueva@labnorte.cl', profileCode: 'PRV' });
    const registered = await call(north.token, 'post', '/api/person', { firstName: 'Otra', lastName: 'Persona', email: 'prv@labsur.cl', profileCode: 'PRV' });
    expect(fresh.status).toBe(registered.status);
    expect(Object.keys(registered.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(registered.body).toMatchObject({ code: 200, data: { email: 'prv@labsur.cl', message: 'Enviamos la invitación a prv@labsur.cl.' } });
    expect(fresh.body).toMatchObject({ code: 200, data: { email: 'nueva@labnorte.cl', message: 'Enviamos la invitación a nueva@labnorte.cl.' } });
    expect(Object.keys(registered.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());

    // The existing account is untouched: one user, still in its own company, still signs in.
    expect(await t.prisma.user.count({ where: { email: 'prv@labsur.cl' } })).toBe(1);
    expect(await t.prisma.person.findFirstOrThrow({ where: { user: { email: 'prv@labsur.cl' } } })).toMatchObject({ companyId: companies.south, firstName: 'Proveedor' });
    await signIn(t, 'prv@labsur.cl', 'clave-prv-sur-1');
    // Its owner learns someone tried; no invitation with a set-password link reaches them.
    const notice = await waitForMail(t.dataDir, 'prv@labsur.cl', 'Intentaron invitarte');
    expect(notice.text).not.toMatch(/token=/);
    await waitForMail(t.dataDir, 'nueva@labnorte.cl', 'Te crearon una cuenta');
    expect((await readMailbox(t.dataDir)).filter((m) => m.to === 'prv@labsur.cl' && m.subject.includes('Te crearon una cuenta'))).toHaveLength(1);
  });

  it('limits invitations into one company to 20 an hour, then answers 429 with Retry-After', async () => {
    const company = await newCompany('96.790.240-3', 'LabCentro');
    // The first invitation into a fresh company comes from the administrator, as the setup above.
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await call(adminToken, 'post', '/api/person', { firstName: 'Invitada', lastName: `Número ${i}`, email: `invitada${i}@labcentro.cl`, profileCode: 'PRV', companyId: company });
      answers.push(answer.body.code as number);
    }
    expect(answers).toEqual(Array(20).fill(200));
    const refused = await call(adminToken, 'post', '/api/person', { firstName: 'Una', lastName: 'Más', email: 'una.mas@labcentro.cl', profileCode: 'PRV', companyId: company });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, error: 'AUTH.TOO_MANY_ATTEMPTS', message: expect.stringMatching(/Intenta nuevamente en \d+ minutos?/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.prisma.user.findUnique({ where: { email: 'una.mas@labcentro.cl' } })).toBeNull();
    // Other companies keep their own budget.
    const other = await call(north.token, 'post', '/api/person', { firstName: 'Sigue', lastName: 'Pudiendo', email: 'sigue@labnorte.cl', profileCode: 'PRV' });
    expect(other.body.code).toBe(200);
  });

  it('closes every session of a person whose password an administrator sets', async () => {
    const victim = await createProvider(t, adminToken, companies.north, 'olvido@labnorte.cl', 'clave-olvidada-1');
    expect((await call(victim.token, 'get', '/api/auth/user')).body.code).toBe(200);
    const set = await call(adminToken, 'post', '/api/auth/update-password', { personId: victim.personId, password: 'clave-nueva-del-admin-1' });
    expect(set.body).toMatchObject({ code: 200 });
    const old = await call(victim.token, 'get', '/api/auth/user');
    expect(old.status).toBe(401);
    expect((await t.http.post('/api/auth/sign-in').send({ email: 'olvido@labnorte.cl', password: 'clave-olvidada-1' })).body.code).toBe(401);
    await signIn(t, 'olvido@labnorte.cl', 'clave-nueva-del-admin-1');
    // Only administrators set passwords.
    expect((await call(north.token, 'post', '/api/auth/update-password', { personId: victim.personId, password: 'clave-del-colega-1' })).status).toBe(403);
  });

  it('keeps a provider to its own company’s users: another company’s are not listed, read, edited or deactivated', async () => {
    const listed = await call(north.token, 'post', '/api/person/search', { fullName: 'Proveedor' });
    const ids = (listed.body.data.items as { id: number; company: { id: number } }[]);
    expect(ids.map((p) => p.id)).toContain(north.personId);
    expect(ids.map((p) => p.id)).not.toContain(south.personId);
    expect(ids.every((p) => p.company.id === companies.north)).toBe(true);
    // Filtering by the other company shows nothing of it.
    expect((await call(north.token, 'post', '/api/person/search', { companyId: companies.south })).body.data.items).toEqual([]);
    expect((await call(north.token, 'get', `/api/person/${south.personId}`)).body).toMatchObject({ code: 404, error: 'PERSON.NOT_FOUND' });
    expect((await call(north.token, 'post', `/api/person/${south.personId}`, { firstName: 'Cambiado' })).body.code).toBe(404);
    expect((await call(north.token, 'delete', `/api/person/${south.personId}`)).body.code).toBe(404);
    expect(await t.prisma.person.findUniqueOrThrow({ where: { id: south.personId } })).toMatchObject({ firstName: 'Proveedor', deletedAt: null });
  });

  it('sorts and filters the persons list by profile and company, and deactivated persons can no longer sign in', async () => {
    const admins = await call(adminToken, 'post', '/api/person/search', { profileCode: 'ADM' });
    expect((admins.body.data.items as { profile: { code: string } }[]).every((p) => p.profile.code === 'ADM')).toBe(true);
    const ofSouth = await call(adminToken, 'post', '/api/person/search', { companyId: companies.south, orderBy: 'createdAt', orderSort: 'desc' });
    expect((ofSouth.body.data.items as { id: number }[]).map((p) => p.id)).toEqual([south.personId]);
    // fullName ignores case and accents, in any order of the words; a % is a character, not a wildcard.
    const byName = await call(adminToken, 'post', '/api/person/search', { fullName: 'NUEVA colega' });
    expect((byName.body.data.items as { email: string }[]).map((p) => p.email)).toEqual(['nueva@labnorte.cl']);
    await t.prisma.person.updateMany({ where: { user: { email: 'nueva@labnorte.cl' } }, data: { lastName: 'Colegá Núñez' } });
    expect((await call(adminToken, 'post', '/api/person/search', { fullName: 'nunez colega' })).body.data.items).toHaveLength(1);
    expect((await call(adminToken, 'post', '/api/person/search', { fullName: '%' })).body.data.items).toEqual([]);
    expect((await call(adminToken, 'post', '/api/person/search', { orderBy: 'edad' })).body).toMatchObject({ code: 400, errors: { orderBy: [expect.any(String)] } });

    const gone = await createProvider(t, adminToken, companies.south, 'se.va@labsur.cl', 'clave-se-va-123');
    expect((await call(adminToken, 'delete', `/api/person/${gone.personId}`)).body.code).toBe(200);
    expect((await call(gone.token, 'get', '/api/auth/user')).status).toBe(401);
    expect((await t.http.post('/api/auth/sign-in').send({ email: 'se.va@labsur.cl', password: 'clave-se-va-123' })).body.code).toBe(401);
    const found = await call(adminToken, 'post', '/api/person/search', { fullName: 'se.va@labsur.cl' });
    expect(found.body.data.items).toEqual([]);
  });

  it('lists deactivated colleagues apart and reactivates them: they sign in again with their own password', async () => {
    const leaving = await createProvider(t, adminToken, companies.north, 'vuelve@labnorte.cl', 'clave-vuelve-123');
    expect((await call(north.token, 'delete', `/api/person/${leaving.personId}`)).body.code).toBe(200);
    const listed = async (status?: string) =>
      ((await call(north.token, 'post', '/api/person/search', { fullName: 'vuelve@labnorte.cl', ...(status && { status }) })).body.data.items as { id: number; isActive: boolean }[]);
    expect(await listed()).toEqual([]);
    expect(await listed('inactive')).toEqual([expect.objectContaining({ id: leaving.personId, isActive: false })]);
    expect((await call(north.token, 'get', `/api/person/${leaving.personId}`)).body.data).toMatchObject({ isActive: false });

    // Another company's provider cannot see it, let alone bring it back.
    expect((await call(south.token, 'post', `/api/person/${leaving.personId}/reactivate`)).body).toMatchObject({ code: 404, error: 'PERSON.NOT_FOUND' });
    const reactivated = await call(north.token, 'post', `/api/person/${leaving.personId}/reactivate`);
    expect(reactivated.body).toMatchObject({ code: 200, data: { id: leaving.personId, isActive: true } });
    // A repeated request changes nothing and records nothing more.
    expect((await call(north.token, 'post', `/api/person/${leaving.personId}/reactivate`)).body).toMatchObject({ code: 200, data: { isActive: true } });
    expect(await t.prisma.auditLog.count({ where: { action: 'person.reactivated', entityId: String(leaving.personId) } })).toBe(1);

    expect(await listed()).toEqual([expect.objectContaining({ id: leaving.personId, isActive: true })]);
    await signIn(t, 'vuelve@labnorte.cl', 'clave-vuelve-123');
  });
});
