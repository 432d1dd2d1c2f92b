import { Client, type Notification } from 'pg';
import { currentUfValue } from '../../src/modules/catalogue/uf-values';
import { SEARCH_CHANGED_CHANNEL } from '../../src/modules/search/search-changes';
import { addYears, chileDay } from '../../src/platform/chile/calendar';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';

/** 'YYYY-MM-DD' `days` after `day`. */
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The UF's value by day (issue 30), as administrators keep it: an Isapre plan's cap in UF is quoted in
 * pesos with the latest value valid on the day of the quote in Chile.
 */
describe('the UF value by day, as an administrator keeps it', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let listener: Client;
  const heard: Notification[] = [];
  const today = chileDay();
  const past = plusDays(today, -40);
  const tomorrow = plusDays(today, 1);

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = await t.http.post('/api/company').set('Authorization', `Bearer ${admin}`).send({ rut: '76.086.428-5', legalName: 'Laboratorio Norte SpA', tradeName: 'LabNorte' });
    provider = (await createProvider(t, admin, company.body.data.id, 'prv@uf-norte.cl', 'clave-uf-norte-1')).token;
    listener = new Client({ connectionString: t.db.url });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n));
    await listener.query(`LISTEN ${SEARCH_CHANGED_CHANNEL}`);
  }, 120_000);
  afterAll(async () => {
    await listener?.end();
    await t.close();
  });

  const post = (path: string, body: object, token: string | null = admin) => {
    const request = t.http.post(path);
    return (token ? request.set('Authorization', `Bearer ${token}`) : request).send(body).then((r) => r.body);
  };
  const get = (path: string, token: string | null = admin) => {
    const request = t.http.get(path);
    return (token ? request.set('Authorization', `Bearer ${token}`) : request).then((r) => r.body);
  };
  const current = () => get('/api/uf-value', null).then((answer) => answer.data.current);

  it('creates values, lists them newest first, edits one, and today’s is the latest dated today or before', async () => {
    expect(await get('/api/uf-value', null)).toMatchObject({ code: 200, data: { current: null } });

    const older = await post('/api/uf-value', { validOn: past, value: 38950.12 });
    expect(older).toMatchObject({ code: 200, data: { id: expect.any(Number), validOn: past, value: 38950.12 } });
    expect(await current()).toEqual({ id: older.data.id, validOn: past, value: 38950.12 });

    // A value dated ahead is kept, but is not valid yet.
    const ahead = (await post('/api/uf-value', { validOn: tomorrow, value: '39520.5' })).data;
    expect(ahead).toMatchObject({ validOn: tomorrow, value: 39520.5 });
    expect(await current()).toEqual({ id: older.data.id, validOn: past, value: 38950.12 });

    const todays = (await post('/api/uf-value', { validOn: today, value: 39512.34 })).data;
    expect(await current()).toEqual({ id: todays.id, validOn: today, value: 39512.34 });
    // What other modules (the search) read: the same, and on an earlier day the value valid then.
    expect(await currentUfValue(t.prisma)).toEqual({ validOn: today, value: 39512.34 });
    expect(await currentUfValue(t.prisma, new Date(`${plusDays(past, 1)}T15:00:00Z`))).toEqual({ validOn: past, value: 38950.12 });
    expect(await currentUfValue(t.prisma, new Date(`${plusDays(past, -1)}T15:00:00Z`))).toBeNull();

    const list = await post('/api/uf-value/search', {});
    expect(list).toMatchObject({ code: 200, data: { total: 3, currentPage: 1, lastPage: 1 } });
    expect(list.data.items.map((v: { validOn: string }) => v.validOn)).toEqual([tomorrow, today, past]);
    const oldestFirst = await post('/api/uf-value/search', { orderBy: 'validOn', orderSort: 'asc', perPage: 2 });
    expect(oldestFirst.data).toMatchObject({ total: 3, lastPage: 2 });
    expect(oldestFirst.data.items.map((v: { validOn: string }) => v.validOn)).toEqual([past, today]);
    expect(await get(`/api/uf-value/${todays.id}`)).toMatchObject({ code: 200, data: { id: todays.id, validOn: today, value: 39512.34, createdAt: expect.any(String), updatedAt: expect.any(String) } });

    const edited = await post(`/api/uf-value/${todays.id}`, { value: 39515.7 });
    expect(edited).toMatchObject({ code: 200, data: { id: todays.id, validOn: today, value: 39515.7 } });
    expect(await current()).toEqual({ id: todays.id, validOn: today, value: 39515.7 });
    const moved = await post(`/api/uf-value/${older.data.id}`, { validOn: plusDays(past, -1) });
    expect(moved).toMatchObject({ code: 200, data: { validOn: plusDays(past, -1), value: 38950.12 } });

    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'UfValue', entityId: String(todays.id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, (a.details as { value: number }).value])).toEqual([['uf_value.created', 39512.34], ['uf_value.updated', 39515.7]]);
  });

  it('tells the search its kept answers are stale on every create and edit', async () => {
    heard.length = 0;
    const created = await post('/api/uf-value', { validOn: plusDays(today, -100), value: 38000 });
    expect((await waitFor(async () => heard.length, (n) => n >= 1)) >= 1).toBe(true);
    await post(`/api/uf-value/${created.data.id}`, { value: 38001 });
    expect(await waitFor(async () => heard.length, (n) => n >= 2)).toBeGreaterThanOrEqual(2);
    expect(heard.every((n) => n.channel === SEARCH_CHANGED_CHANNEL)).toBe(true);
  });

  it('refuses bad input with a Spanish message on each field, and a day that already has its value, writing nothing', async () => {
    const count = await t.prisma.ufValue.count();
    const refused = async (body: object) => {
      const answer = await post('/api/uf-value', body);
      expect(answer).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', message: expect.any(String) });
      for (const messages of Object.values(answer.errors as Record<string, string[]>)) expect(messages).toEqual([expect.stringMatching(/[a-záéíóúñ]/)]);
      return answer.errors as Record<string, string[]>;
    };
    expect(Object.keys(await refused({})).sort()).toEqual(['validOn', 'value']);
    const day = plusDays(today, -5);
    expect(await refused({ validOn: '01-12-2026', value: 39000 })).toEqual({ validOn: ['Indica la fecha como AAAA-MM-DD, por ejemplo 2026-12-01.'] });
    expect(await refused({ validOn: '2027-02-30', value: 39000 })).toEqual({ validOn: ['Esa fecha no existe.'] });
    expect(await refused({ validOn: '1999-12-31', value: 39000 })).toEqual({ validOn: ['La fecha no puede ser anterior al 01-01-2000.'] });
    expect(Object.keys(await refused({ validOn: plusDays(addYears(today, 1), 1), value: 39000 }))).toEqual(['validOn']);
    expect(await refused({ validOn: day, value: 0 })).toEqual({ value: ['El valor de la UF debe ser mayor que cero.'] });
    expect(await refused({ validOn: day, value: -39000 })).toEqual({ value: ['El valor de la UF debe ser mayor que cero.'] });
    expect(await refused({ validOn: day, value: 1_000_000 })).toEqual({ value: ['El valor de la UF debe ser menor que $1.000.000.'] });
    expect(await refused({ validOn: day, value: 39512.345 })).toEqual({ value: ['El valor lleva como máximo 2 decimales.'] });
    expect(Object.keys(await refused({ validOn: day, value: 'treinta mil' }))).toEqual(['value']);
    // A year from today is still a day allowed: only the value is refused.
    expect(Object.keys(await refused({ validOn: addYears(today, 1), value: 1.005 }))).toEqual(['value']);

    const taken = await post('/api/uf-value', { validOn: today, value: 39000 });
    const [y, m, d] = today.split('-');
    expect(taken).toMatchObject({ code: 409, error: 'UF_VALUE.DATE_TAKEN', errors: { validOn: [`Ya hay un valor de la UF para el ${d}-${m}-${y}: edítalo en vez de crear otro.`] } });
    expect(await t.prisma.ufValue.count()).toBe(count);

    // An edit is checked the same way, and moving a value onto another's day is refused too.
    const ahead = await t.prisma.ufValue.findFirstOrThrow({ orderBy: { validOn: 'desc' } });
    expect(await post(`/api/uf-value/${ahead.id}`, { value: 12.345, validOn: '2026-13-01' })).toMatchObject({ code: 400, errors: { value: [expect.any(String)], validOn: [expect.any(String)] } });
    expect(await post(`/api/uf-value/${ahead.id}`, { validOn: today })).toMatchObject({ code: 409, error: 'UF_VALUE.DATE_TAKEN', errors: { validOn: [expect.any(String)] } });
    expect(await post('/api/uf-value/2147483000', { value: 39000 })).toMatchObject({ code: 404, error: 'UF_VALUE.NOT_FOUND', message: 'El valor de la UF solicitado no existe.' });
    expect(await get('/api/uf-value/2147483000')).toMatchObject({ code: 404, error: 'UF_VALUE.NOT_FOUND' });
    expect(await t.prisma.ufValue.findUniqueOrThrow({ where: { id: ahead.id } })).toEqual(ahead);
    expect(await post('/api/uf-value', { validOn: '2000-01-01', value: 14000 })).toMatchObject({ code: 200, data: { validOn: '2000-01-01', value: 14000 } });
  });

  it('lets only administrators keep the values; anyone reads today’s', async () => {
    const any = await t.prisma.ufValue.findFirstOrThrow();
    const count = await t.prisma.ufValue.count();
    for (const [token, code, error] of [[provider, 403, 'AUTH.FORBIDDEN'], [null, 401, 'AUTH.UNAUTHENTICATED']] as const) {
      expect(await post('/api/uf-value', { validOn: plusDays(today, -2), value: 39000 }, token)).toMatchObject({ code, error });
      expect(await post(`/api/uf-value/${any.id}`, { value: 1 }, token)).toMatchObject({ code, error });
      expect(await post('/api/uf-value/search', {}, token)).toMatchObject({ code, error });
      expect(await get(`/api/uf-value/${any.id}`, token)).toMatchObject({ code, error });
      expect(await get('/api/uf-value', token)).toMatchObject({ code: 200, data: { current: { validOn: today } } });
    }
    expect(await t.prisma.ufValue.count()).toBe(count);
    expect(await t.prisma.ufValue.findUniqueOrThrow({ where: { id: any.id } })).toEqual(any);
  });
});

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 1 });
  }, 120_000);
  afterAll(() => t.close());

  it('holds one example UF value, dated the first day of the month, until an operator enters the real one', async () => {
    const firstOfMonth = `${chileDay().slice(0, 7)}-01`;
    expect((await t.http.get('/api/uf-value')).body.data).toEqual({ current: { id: expect.any(Number), validOn: firstOfMonth, value: 39500 } });
    expect(await t.prisma.ufValue.count()).toBe(1);
  });
});
