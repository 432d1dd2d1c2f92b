import { createHash } from 'node:crypto';
import type { ApiKey, CreatedApiKey } from '../../src/contracts/api-keys';
import { IdempotencySweep } from '../../src/platform/jobs/idempotency-sweep';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { bearer, csv, finished, upload } from '../imports/import-helpers';

/** Requests per minute of one key in this suite (API_KEY_REQUESTS_PER_MINUTE): small, so that a test can spend it. */
const KEY_LIMIT = 25;
const IMPORT = '/api/laboratory-exam-import';

describe('API keys, Idempotency-Key and per-key rate limits (issue 27, item 4)', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let personA: number;
  let companyA: number;
  let a1: number;
  let b1: number;
  let priceA: number;
  let priceB: number;
  let exams: { id: number; code: string; name: string }[];

  /** A new key of providerA's company, made with its session. */
  const newKey = async (name: string, token = providerA) => {
    const answer = await t.http.post('/api/api-key').set(bearer(token)).send({ name });
    expect(answer.body.code).toBe(200);
    return answer.body.data as CreatedApiKey;
  };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 2, env: { API_KEY_REQUESTS_PER_MINUTE: String(KEY_LIMIT) } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = async (rut: string, tradeName: string) => (await t.http.post('/api/company').set(bearer(admin)).send({ rut, legalName: `${tradeName} SpA`, tradeName })).body.data.id as number;
    companyA = await company('76.086.428-5', 'Integra Norte');
    const companyB = await company('77.312.560-0', 'Integra Sur');
    ({ token: providerA, personId: personA } = await createProvider(t, admin, companyA, 'prv@integra-a.cl', 'clave-integra-a-1'));
    providerB = (await createProvider(t, admin, companyB, 'prv@integra-b.cl', 'clave-integra-b-1')).token;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } })).id;
    const branch = async (companyId: number, name: string, branchCode: string) =>
      (await t.prisma.laboratory.create({ data: { companyId, identifierName: name, addressLine1: 'Av. Integración 100', comunaId, branchCode, fonasaLevel: 1 } })).id;
    a1 = await branch(companyA, 'Sucursal Integra Norte', 'SUC-K1');
    b1 = await branch(companyB, 'Sucursal Integra Sur', 'SUC-K2');
    exams = await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: { code: 'asc' }, take: 4, select: { id: true, code: true, name: true } });
    const offer = async (token: string, laboratoryId: number) =>
      (await t.http.post('/api/laboratory-exam').set(bearer(token)).send({ laboratoryId, examId: exams[0].id, price: 3000 })).body.data.id as number;
    priceA = await offer(providerA, a1);
    priceB = await offer(providerB, b1);
  }, 120_000);
  afterAll(() => t.close());

  it('shows a new key once; lists show its prefix and never the secret, which is kept only as its SHA-256', async () => {
    const key = await newKey('ERP casa matriz');
    expect(key.secret).toMatch(/^clk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'ERP casa matriz', prefix: key.secret.slice(0, 17), status: 'ACTIVE', companyId: companyA, createdBy: { id: personA }, lastUsedAt: null, revokedAt: null });

    const list = await t.http.post('/api/api-key/search').set(bearer(providerA)).send({});
    const listed = (list.body.data.items as ApiKey[]).find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({ prefix: key.prefix, status: 'ACTIVE' });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(key.secret.slice(17));
    const stored = await t.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(17));

    // Another company's provider sees none of them; an administrator sees them and creates none.
    expect((await t.http.post('/api/api-key/search').set(bearer(providerB)).send({})).body.data.items).toEqual([]);
    expect((await t.http.post('/api/api-key/search').set(bearer(providerB)).send({ companyId: companyA })).body).toMatchObject({ code: 400, errors: { companyId: ['La empresa indicada no existe.'] } });
    const adminList = await t.http.post('/api/api-key/search').set(bearer(admin)).send({ companyId: companyA });
    expect(adminList.body.data.items.map((k: ApiKey) => k.id)).toContain(key.id);
    expect((await t.http.post('/api/api-key').set(bearer(admin)).send({ name: 'De un administrador' })).body).toMatchObject({ code: 403, error: 'API_KEY.MANAGER_REQUIRED' });
    expect((await t.http.post('/api/api-key').set(bearer(providerA)).send({})).body).toMatchObject({ code: 400, errors: { name: [expect.any(String)] } });
  });

  it('acts as its company: searches and changes its prices, and what it does is audited as the key', async () => {
    const key = await newKey('Sistema de precios');
    const search = await t.http.post('/api/laboratory-exam/search').set(bearer(key.secret)).send({ laboratoryId: a1 });
    expect(search.body.code).toBe(200);
    expect(search.body.data.items.map((p: { id: number }) => p.id)).toEqual([priceA]);
    expect(search.headers['ratelimit-limit']).toBe(String(KEY_LIMIT));
    expect(Number(search.headers['ratelimit-remaining'])).toBe(KEY_LIMIT - 1);
    expect(Number(search.headers['ratelimit-reset'])).toBeGreaterThan(0);

    const changed = await t.http.post(`/api/laboratory-exam/${priceA}`).set(bearer(key.secret)).send({ price: 3500 });
    expect(changed.body).toMatchObject({ code: 200, data: { id: priceA, price: 3500 } });
    const history = await t.prisma.laboratoryExamPriceHistory.findFirstOrThrow({ where: { laboratoryExamId: priceA }, orderBy: { id: 'desc' } });
    expect(history).toMatchObject({ oldPrice: 3000, newPrice: 3500, changedById: personA });

    const renamed = await t.http.post(`/api/laboratory/${a1}`).set(bearer(key.secret)).send({ phone: '+56 2 2345 6789' });
    expect(renamed.body.code).toBe(200);
    const audit = await t.prisma.auditLog.findFirstOrThrow({ where: { action: 'laboratory.updated', entityId: String(a1) }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ actorId: personA, details: expect.objectContaining({ apiKeyId: key.id }) });
    expect((await t.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
  });

  it('stays inside its company exactly as its people do, and cannot use a person’s own routes', async () => {
    const key = await newKey('Alcance');
    const asKey = async (method: 'get' | 'post', path: string, body?: object) => (await t.http[method](path).set(bearer(key.secret)).send(body)).body;
    const asPerson = async (method: 'get' | 'post', path: string, body?: object) => (await t.http[method](path).set(bearer(providerA)).send(body)).body;
    for (const [method, path, body] of [
      ['get', `/api/laboratory-exam/${priceB}`, undefined],
      ['post', `/api/laboratory-exam/${priceB}`, { price: 1 }],
      ['post', '/api/laboratory-exam', { laboratoryId: b1, examId: exams[1].id, price: 1000 }],
      ['post', '/api/laboratory-exam/search', { laboratoryId: b1 }],
    ] as const) {
      const answer = await asKey(method, path, body);
      expect({ path, answer }).toEqual({ path, answer: await asPerson(method, path, body) });
      expect(answer.code).toBeGreaterThanOrEqual(method === 'post' && path.endsWith('search') ? 200 : 400);
    }
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: priceB } })).price).toBe(3000);
    expect(await asKey('get', '/api/auth/user')).toMatchObject({ code: 403, error: 'AUTH.SESSION_REQUIRED' });
    expect(await asKey('post', '/api/auth/mail-preferences', { kind: 'price-decisions', enabled: false })).toMatchObject({ code: 403, error: 'AUTH.SESSION_REQUIRED' });
    expect(await asKey('post', '/api/laboratory-exam/authorize', { ids: [priceA] })).toMatchObject({ code: 403, error: 'AUTH.FORBIDDEN' });
  });

  it('cannot create, list or revoke keys: that takes a person’s session', async () => {
    const key = await newKey('Sin permisos sobre claves');
    const before = await t.prisma.apiKey.count();
    expect((await t.http.post('/api/api-key').set(bearer(key.secret)).send({ name: 'Otra' })).body).toMatchObject({ code: 403, error: 'AUTH.SESSION_REQUIRED' });
    expect((await t.http.post('/api/api-key/search').set(bearer(key.secret)).send({})).body).toMatchObject({ code: 403, error: 'AUTH.SESSION_REQUIRED' });
    expect((await t.http.post(`/api/api-key/${key.id}/revoke`).set(bearer(key.secret)).send({})).body).toMatchObject({ code: 403, error: 'AUTH.SESSION_REQUIRED' });
    expect(await t.prisma.apiKey.count()).toBe(before);
  });

  it('answers 401 to a revoked key on its very next request, and to a key that never existed', async () => {
    const key = await newKey('Se revoca');
    expect((await t.http.post('/api/laboratory-exam/search').set(bearer(key.secret)).send({})).body.code).toBe(200);
    // Another company's provider cannot revoke it: it is not there for them.
    expect((await t.http.post(`/api/api-key/${key.id}/revoke`).set(bearer(providerB)).send({})).body).toMatchObject({ code: 404, error: 'API_KEY.NOT_FOUND' });
    const revoked = await t.http.post(`/api/api-key/${key.id}/revoke`).set(bearer(providerA)).send({});
    expect(revoked.body.data).toMatchObject({ id: key.id, status: 'REVOKED', revokedBy: { id: personA } });
    const refused = { code: 401, error: 'AUTH.INVALID_API_KEY', message: 'La clave de API no es válida o fue revocada.' };
    expect((await t.http.post('/api/laboratory-exam/search').set(bearer(key.secret)).send({})).body).toMatchObject(refused);
    // Even where anonymous callers are welcome: a client with a bad key is told, not served anonymously.
    expect((await t.http.get('/api/exam-type').set(bearer(key.secret))).body).toMatchObject(refused);
    expect((await t.http.get('/api/exam-type').set(bearer('clk_live_no-existe'))).body).toMatchObject(refused);
    // Revoking again changes nothing; an administrator may revoke any company's key.
    expect((await t.http.post(`/api/api-key/${key.id}/revoke`).set(bearer(admin)).send({})).body.data).toMatchObject({ status: 'REVOKED', revokedBy: { id: personA } });
    const other = await newKey('La revoca un administrador');
    expect((await t.http.post(`/api/api-key/${other.id}/revoke`).set(bearer(admin)).send({})).body.data).toMatchObject({ status: 'REVOKED' });
    expect(await t.prisma.auditLog.count({ where: { action: 'api-key.revoked', entityId: String(key.id) } })).toBe(1);
  });

  it('imports a price list with the key under the same review; the same Idempotency-Key makes one import', async () => {
    const key = await newKey('Importador');
    const file = csv([
      ['Código Sucursal', 'CÓDIGO FONASA', 'Exámen', 'Precio'],
      ['SUC-K1', exams[1].code, exams[1].name, '5000'],
      ['SUC-K1', exams[2].code, exams[2].name, '6000'],
    ]);
    const send = (body: Buffer, idempotencyKey: string) =>
      t.http.post(IMPORT).set(bearer(key.secret)).set('Idempotency-Key', idempotencyKey).field('confirm', 'true').attach('file', body, 'precios.csv');
    const importsBefore = await t.prisma.importJob.count({ where: { companyId: companyA } });

    const first = await send(file, 'lista-2026-03-01');
    expect(first.body.code).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const importId = first.body.data.import.id as number;
    expect(first.body.data.import).toMatchObject({ kind: 'laboratory-exam', company: { id: companyA } });

    const again = await send(file, 'lista-2026-03-01');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.prisma.importJob.count({ where: { companyId: companyA } })).toBe(importsBefore + 1);

    const otherFile = csv([['Código Sucursal', 'CÓDIGO FONASA', 'Exámen', 'Precio'], ['SUC-K1', exams[1].code, exams[1].name, '5100']]);
    const reused = await send(otherFile, 'lista-2026-03-01');
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 409, error: 'IDEMPOTENCY.KEY_REUSED', message: expect.stringContaining('Idempotency-Key') });

    // The same review as a person's: new prices wait for an administrator.
    expect(await finished(t, key.secret, importId)).toMatchObject({ status: 'COMPLETED', result: { created: 2, failed: 0 } });
    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: a1, examId: { in: [exams[1].id, exams[2].id] } }, orderBy: { examId: 'asc' } });
    expect(offers.map((o) => [o.price, o.status])).toEqual([[5000, 'PENDING'], [6000, 'PENDING']]);
    expect((await t.prisma.importJob.findUniqueOrThrow({ where: { id: importId } })).createdById).toBe(personA);

    // The same upload sent by a person: the key belongs to the caller, so it is another request altogether.
    const byPerson = await upload(t, providerA, IMPORT, file, 'precios.csv');
    expect(byPerson.code).toBe(200);
  });

  it('honours Idempotency-Key on a session’s writes too: replay, another body, a failed first try, one still running, the sweep', async () => {
    const change = (price: unknown, idempotencyKey: string) => t.http.post(`/api/laboratory-exam/${priceA}`).set(bearer(providerA)).set('Idempotency-Key', idempotencyKey).send({ price });
    const history = () => t.prisma.laboratoryExamPriceHistory.count({ where: { laboratoryExamId: priceA } });
    const before = await history();
    const first = await change(3700, 'cambio-precio-1');
    const second = await change(3700, 'cambio-precio-1');
    expect(first.body.data.price).toBe(3700);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await history()).toBe(before + 1);
    expect((await change(3800, 'cambio-precio-1')).body).toMatchObject({ code: 409, error: 'IDEMPOTENCY.KEY_REUSED' });
    // Another route with the same key is another request too.
    expect((await t.http.post(`/api/laboratory-exam/${priceA}`).set(bearer(providerA)).set('Idempotency-Key', 'cambio-precio-1').send({ price: 3700, extra: 1 })).status).toBe(409);

    // A first try that failed keeps nothing: the corrected request goes through with the same key.
    expect((await change(-5, 'cambio-precio-2')).body.code).toBe(400);
    expect((await change(3900, 'cambio-precio-2')).body).toMatchObject({ code: 200, data: { price: 3900 } });

    // A first request still running (its record has no answer yet, as it is made here) makes the second wait its turn.
    expect((await change(4000, 'en-curso')).body.code).toBe(200);
    await t.prisma.idempotencyRecord.update({ where: { caller_key: { caller: `person:${personA}`, key: 'en-curso' } }, data: { status: null, response: null, completedAt: null } });
    const busy = await change(4000, 'en-curso');
    expect(busy.body).toMatchObject({ code: 409, error: 'IDEMPOTENCY.IN_PROGRESS' });
    expect(busy.headers['retry-after']).toBe('1');

    expect((await change(4000, ' ')).body).toMatchObject({ code: 400, error: 'IDEMPOTENCY.INVALID_KEY' });

    // Records older than 24 hours go with the sweep; newer ones stay.
    await t.prisma.idempotencyRecord.updateMany({ where: { key: 'cambio-precio-1' }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await t.app.get(IdempotencySweep).sweep()).toBe(1);
    expect(await t.prisma.idempotencyRecord.count({ where: { key: 'cambio-precio-2' } })).toBe(1);
  });

  it('gives each key its own budget: RateLimit-* headers on every answer, then 429 with Retry-After', async () => {
    const key = await newKey('Muy insistente');
    const other = await newKey('Tranquila');
    const call = (secret: string) => t.http.get('/api/exam-type').set(bearer(secret));
    for (let n = 1; n <= KEY_LIMIT; n++) {
      const answer = await call(key.secret);
      expect({ n, code: answer.status, remaining: answer.headers['ratelimit-remaining'] }).toEqual({ n, code: 200, remaining: String(KEY_LIMIT - n) });
    }
    const refused = await call(key.secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, error: 'API_KEY.RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': String(KEY_LIMIT), 'ratelimit-remaining': '0' });
    expect((await call(other.secret)).status).toBe(200);
    // A person's session is not counted against keys.
    expect((await t.http.get('/api/exam-type').set(bearer(providerA))).headers['ratelimit-limit']).toBeUndefined();
  });
});
