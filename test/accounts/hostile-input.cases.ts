import { startTestApp, type TestApp } from '../support/app';

/**
 * What an attacker or a broken client sends: every field of the account calls gets SQL and
 * script fragments, wrong types and oversize values. The API must answer a 4xx in the envelope,
 * never a 500, and keep any text it accepts verbatim.
 */
const FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE app_user; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '\u0000',
  'x'.repeat(10_000),
];
const WRONG_TYPES = [123, true, null, ['a', 'b'], { $ne: null }];

const CALLS: { path: string; body: Record<string, unknown> }[] = [
  { path: '/api/auth/sign-in', body: { email: 'ana@example.cl', password: 'una-clave-larga-1' } },
  { path: '/api/auth/sign-up', body: { firstName: 'Ana', lastName: 'Díaz', email: 'ana@example.cl', phone: '+56 9 8765 4321', password: 'una-clave-larga-1' } },
  { path: '/api/auth/sign-up-provider', body: { firstName: 'Ana', lastName: 'Díaz', email: 'ana@lab.cl', password: 'una-clave-larga-1', rut: '76.086.428-5', legalName: 'Lab SpA', tradeName: 'Lab', comunaId: '1' } },
  { path: '/api/jwt/recovery-password', body: { email: 'ana@example.cl' } },
  { path: '/api/jwt/refresh-with-token', body: { token: 'abc' } },
  { path: '/api/auth/reset-password', body: { token: 'a'.repeat(43), password: 'una-clave-larga-1' } },
  { path: '/api/auth/contact-up', body: { name: 'Ana', email: 'ana@example.cl', subject: 'Hola', message: 'Consulta' } },
  { path: '/api/form-contact', body: { name: 'Ana', email: 'ana@example.cl', subject: 'Hola', message: 'Consulta' } },
  { path: '/api/auth/valid-phone', body: { phone: '+56 9 8765 4321' } },
];

describe('hostile input on the account calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Generous throttles would hide nothing here: each call is tried many times from one IP.
    t = await startTestApp({ seedLabs: 0, redis: false });
  });
  afterAll(() => t.close());

  // First: the contact call is throttled per IP, and the loop below spends its budget.
  it('keeps accepted text verbatim and the tables intact', async () => {
    const sneaky = "Consulta'); DELETE FROM contact_message; -- <b>hola</b>";
    expect((await t.http.post('/api/auth/contact-up').type('form').send({ name: 'Ana', email: 'ana@example.cl', message: sneaky })).body.code).toBe(200);
    const stored = await t.prisma.contactMessage.findMany({ where: { message: sneaky } });
    expect(stored).toHaveLength(1);
    expect(await t.prisma.user.count()).toBeGreaterThan(0);
  });

  it.each(CALLS)('$path answers every mangled field with a clear answer, never a 500', async ({ path, body }) => {
    for (const field of Object.keys(body)) {
      for (const value of [...FRAGMENTS, ...WRONG_TYPES]) {
        const answer = await t.http.post(path).send({ ...body, [field]: value });
        const tried = { field, value: JSON.stringify(value)?.slice(0, 40) };
        expect({ ...tried, status: answer.status < 500 ? 'below 500' : answer.status }).toEqual({ ...tried, status: 'below 500' });
        expect(answer.body.code).toBe(answer.status);
        if (answer.status >= 400) {
          expect(answer.body.error).toMatch(/^[A-Z_]+\.[A-Z_]+$/);
          expect(answer.body.message).toEqual(expect.any(String));
        }
      }
    }
  });

  it('refuses a 2 MB body with 413 and malformed JSON with 400, in the envelope', async () => {
    const huge = await t.http.post('/api/auth/sign-up').send({ firstName: 'x'.repeat(2_000_000) });
    expect(huge.body).toMatchObject({ code: 413, error: 'REQUEST.TOO_LARGE' });
    const malformed = await t.http.post('/api/auth/sign-in').set('Content-Type', 'application/json').send('{"email": "a@b.cl",');
    expect(malformed.body).toMatchObject({ code: 400, error: 'REQUEST.MALFORMED_BODY' });
  });

  it('ignores a forged, expired or garbage bearer token on public calls and refuses it elsewhere', async () => {
    for (const token of ['garbage', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'a'.repeat(5000)]) {
      expect((await t.http.get('/api/locations').set('Authorization', `Bearer ${token}`)).body.code).toBe(200);
      expect((await t.http.get('/api/auth/user').set('Authorization', `Bearer ${token}`)).body).toMatchObject({ code: 401, error: 'AUTH.UNAUTHENTICATED' });
    }
  });
});
