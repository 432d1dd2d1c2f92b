import { failureDelayMs } from '../../src/modules/identity/commands/sign-in/sign-in.handler';
import { startTestApp, type TestApp } from '../support/app';
import { readMailbox, waitForMail } from '../support/mailbox';

describe('accounts: sign-up, sign-in, passwords and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) => t.http.post('/api/auth/sign-in').send({ email, password });
  const me = (token: string) => t.http.get('/api/auth/user').set('Authorization', `Bearer ${token}`);

  it('walks sign-up → sign-in → user → change password → logout, after which the old token is refused', async () => {
    const signUp = await t.http
      .post('/api/auth/sign-up')
      .type('form')
      .send({ firstName: 'Camila', lastName: 'Rojas Soto', email: 'Camila.Rojas@Example.cl', phone: '9 8765 4321', password: 'mi-clave-segura-1' });
    expect(signUp.body).toEqual({ code: 200, data: { message: expect.stringContaining('correo') } });

    const signedIn = await signIn('camila.rojas@example.cl', 'mi-clave-segura-1');
    expect(signedIn.body.code).toBe(200);
    const token: string = signedIn.body.data.tokenData.accessToken;
    expect(signedIn.body.data.tokenData).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });

    const user = await me(token);
    expect(user.body.data).toMatchObject({
      user: { email: 'camila.rojas@example.cl' },
      person: { firstName: 'Camila', lastName: 'Rojas Soto', phone: '+56 9 8765 4321', profile: { code: 'USR', name: 'Usuario' }, company: null },
    });

    const wrong = await t.http.post('/api/auth/change-password').set('Authorization', `Bearer ${token}`).send({ currentPassword: 'no-es-esta-clave', newPassword: 'otra-clave-larga-2' });
    expect(wrong.body).toMatchObject({ code: 400, error: 'AUTH.WRONG_PASSWORD', errors: { currentPassword: [expect.any(String)] } });

    const changed = await t.http.post('/api/auth/change-password').set('Authorization', `Bearer ${token}`).send({ currentPassword: 'mi-clave-segura-1', newPassword: 'otra-clave-larga-2' });
    expect(changed.body.code).toBe(200);
    expect((await me(token)).body.code).toBe(200); // the session that changed it stays open

    expect((await t.http.get('/api/auth/logout').set('Authorization', `Bearer ${token}`)).body.code).toBe(200);
    expect((await me(token)).body).toMatchObject({ code: 401, error: 'AUTH.UNAUTHENTICATED' });

    expect((await signIn('camila.rojas@example.cl', 'mi-clave-segura-1')).body).toMatchObject({ code: 401, error: 'AUTH.INVALID_CREDENTIALS' });
    expect((await signIn('camila.rojas@example.cl', 'otra-clave-larga-2')).body.code).toBe(200);
    await waitForMail(t.dataDir, 'camila.rojas@example.cl', 'Bienvenido');
    await waitForMail(t.dataDir, 'camila.rojas@example.cl', 'contraseña de CotizaLab cambió');
  });

  it('walks recovery → the mailed link → reset → sign-in with the new password; the link works once', async () => {
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Pedro', lastName: 'Soto', email: 'pedro@example.cl', password: 'clave-de-pedro-1' });
    const other = (await signIn('pedro@example.cl', 'clave-de-pedro-1')).body.data.tokenData.accessToken;

    const known = await t.http.post('/api/jwt/recovery-password').type('form').send({ email: 'pedro@example.cl' });
    const unknown = await t.http.post('/api/jwt/recovery-password').type('form').send({ email: 'nadie@example.cl' });
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 200, data: { message: expect.stringContaining('Si el correo está registrado') } });

    const mail = await waitForMail(t.dataDir, 'pedro@example.cl', 'Restablece tu contraseña');
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1];

    const weak = await t.http.post('/api/auth/reset-password').send({ token, password: 'corta' });
    expect(weak.body).toMatchObject({ code: 400, errors: { password: [expect.stringContaining('al menos 10')] } });

    expect((await t.http.post('/api/auth/reset-password').send({ token, password: 'nueva-clave-pedro-2' })).body.code).toBe(200);
    expect((await t.http.post('/api/auth/reset-password').send({ token, password: 'tercera-clave-pedro-3' })).body).toMatchObject({ code: 400, error: 'AUTH.RESET_TOKEN_INVALID' });
    expect((await signIn('pedro@example.cl', 'nueva-clave-pedro-2')).body.code).toBe(200);
    // A reset closes every session opened with the old password.
    expect((await me(other)).body.code).toBe(401);
    expect((await readMailbox(t.dataDir)).some((m) => m.to === 'nadie@example.cl')).toBe(false);
  });

  it('answers a sign-up with a registered e-mail like any other, and tells the owner by mail', async () => {
    const first = await t.http.post('/api/auth/sign-up').send({ firstName: 'Ana', lastName: 'Díaz', email: 'ana@example.cl', password: 'clave-de-ana-11' });
    const again = await t.http.post('/api/auth/sign-up').send({ firstName: 'Otra', lastName: 'Persona', email: 'ana@example.cl', password: 'clave-distinta-22' });
    expect(again.body).toEqual(first.body);
    await waitForMail(t.dataDir, 'ana@example.cl', 'Ya tienes una cuenta');
    expect((await signIn('ana@example.cl', 'clave-de-ana-11')).body.code).toBe(200);
    expect((await signIn('ana@example.cl', 'clave-distinta-22')).body.code).toBe(401);
  });

  it('renews a token: two tabs renewing it at once both keep the session, the old one is refused, and replaying it later closes the session', async () => {
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Luis', lastName: 'Muñoz', email: 'luis@example.cl', password: 'clave-de-luis-1' });
    const first = (await signIn('luis@example.cl', 'clave-de-luis-1')).body.data.tokenData.accessToken;
    const refresh = (token: string) => t.http.post('/api/jwt/refresh-with-token').type('form').send({ token });
    const renewed = await Promise.all([refresh(first), refresh(first)]);
    expect(renewed.map((r) => r.body.code)).toEqual([200, 200]);
    const [second, other] = renewed.map((r) => r.body.data.tokenData.accessToken as string);
    expect(second).not.toBe(first);
    expect((await me(second)).body.code).toBe(200);
    expect((await me(other)).body.code).toBe(200);
    expect((await me(first)).body.code).toBe(401);

    // Presented again once the grace window is over (moved into the past here): a replay, and the session closes.
    const session = await t.prisma.authSession.findFirstOrThrow({ where: { user: { email: 'luis@example.cl' }, revokedAt: null } });
    await t.prisma.authSession.update({ where: { id: session.id }, data: { rotatedAt: new Date(Date.now() - 60_000) } });
    const replay = await refresh(first);
    expect(replay.body).toMatchObject({ code: 401, error: 'AUTH.SESSION_EXPIRED' });
    expect((await me(second)).body.code).toBe(401);
  });

  it('shuts out the source of five wrong passwords, not the owner elsewhere, with the same answer for unknown accounts', async () => {
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Rosa', lastName: 'Vera', email: 'rosa@example.cl', password: 'clave-de-rosa-1' });
    // Two places, as a load balancer in front of the API reports them (the test talks from loopback, a trusted proxy).
    const from = (ip: string) => (email: string, password: string) => t.http.post('/api/auth/sign-in').set('X-Forwarded-For', ip).send({ email, password });
    const guesser = from('203.0.113.7');
    const owner = from('198.51.100.4');
    for (let i = 0; i < 5; i++) {
      const known = await guesser('rosa@example.cl', `equivocada-${i}`);
      const unknown = await guesser('fantasma@example.cl', `equivocada-${i}`);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toMatchObject({ code: 401, error: 'AUTH.INVALID_CREDENTIALS', message: 'El correo o la contraseña no son correctos.' });
    }
    // The guessing source is refused for that account, even with the right password, and told when to retry...
    const refused = await guesser('rosa@example.cl', 'clave-de-rosa-1');
    expect(refused.body).toMatchObject({ code: 429, error: 'AUTH.TOO_MANY_ATTEMPTS', message: expect.stringContaining('Intenta nuevamente en 15 minutos') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guesser('fantasma@example.cl', 'lo-que-sea-123')).body.code).toBe(429);
    // ...while the owner, from elsewhere, signs in at once.
    expect((await owner('rosa@example.cl', 'clave-de-rosa-1')).body).toMatchObject({ code: 200, data: { tokenData: { accessToken: expect.any(String) } } });
  });

  it('slows down failures of an account beyond the fifth, from anywhere, and never locks it', () => {
    expect([1, 5, 6, 7, 8, 10, 20].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 4000, 4000]);
  });

  it('registers a laboratory company that waits for approval, and mails its user when an administrator approves it', async () => {
    const provider = await t.http.post('/api/auth/sign-up-provider').type('form').send({
      firstName: 'Marta', lastName: 'Lagos', email: 'marta@labsur.cl', password: 'clave-de-marta-1',
      rut: '76.086.428-5', legalName: 'Laboratorio Sur SpA', tradeName: 'LabSur', companyPhone: '+56 2 2345 6789',
    });
    expect(provider.body.code).toBe(200);
    const invalidRut = await t.http.post('/api/auth/sign-up-provider').send({
      firstName: 'X', lastName: 'Y', email: 'x@labsur.cl', password: 'clave-de-equis-1', rut: '76.086.428-4', legalName: 'A', tradeName: 'B',
    });
    expect(invalidRut.body).toMatchObject({ code: 400, errors: { rut: [expect.stringContaining('dígito verificador')] } });

    const marta = (await signIn('marta@labsur.cl', 'clave-de-marta-1')).body.data;
    expect(marta.person).toMatchObject({ profile: { code: 'PRV' }, company: { tradeName: 'LabSur', status: 'PENDING' } });
    const admin = (await signIn('admin@cotizalab.test', 'clave-de-prueba-123')).body.data.tokenData.accessToken;
    const approved = await t.http.post(`/api/company/${marta.person.company.id}/approve`).set('Authorization', `Bearer ${admin}`);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', rut: '76086428-5' });
    await waitForMail(t.dataDir, 'marta@labsur.cl', 'LabSur ya está en CotizaLab');
    expect(await t.prisma.auditLog.count({ where: { action: 'company.approved', entityId: String(marta.person.company.id) } })).toBe(1);
  });
});
