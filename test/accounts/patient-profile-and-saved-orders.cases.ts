import { startTestApp, type TestApp } from '../support/app';
import { signIn } from '../support/accounts';

/**
 * Issue 19, "an account that pays off": the profile keeps the previsión, the plan's percentage and
 * the comuna that fill the search, and "Mis órdenes" keeps quoted orders to quote again later.
 */
describe('a patient account: search defaults and saved orders', () => {
  let t: TestApp;
  let ana: { token: string; personId: number };
  let beto: { token: string; personId: number };
  const ids = { hemograma: 0, lipidos: 0, providencia: 0, region: 0, banmedica: 0 };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Ana', lastName: 'Paciente', email: 'ana@correo.test', password: 'clave-de-ana-123' });
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Beto', lastName: 'Otro', email: 'beto@correo.test', password: 'clave-de-beto-123' });
    ana = await signIn(t, 'ana@correo.test', 'clave-de-ana-123');
    beto = await signIn(t, 'beto@correo.test', 'clave-de-beto-123');
    const providencia = await t.prisma.location.findFirstOrThrow({ where: { name: 'Providencia', kind: 'COMUNA' } });
    Object.assign(ids, {
      hemograma: (await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } })).id,
      lipidos: (await t.prisma.exam.findUniqueOrThrow({ where: { code: '0302034' } })).id,
      providencia: providencia.id,
      region: providencia.parentId,
      banmedica: (await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'banmedica' } })).id,
    });
  }, 60_000);
  afterAll(() => t?.close());

  const as = (who: { token: string }) => ({
    post: (path: string, body: object) => t.http.post(path).set('Authorization', `Bearer ${who.token}`).send(body),
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${who.token}`),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${who.token}`),
  });

  it('keeps the previsión, the plan percentage and the comuna in the profile, checks them, and clears them', async () => {
    const saved = await as(ana).post(`/api/person/${ana.personId}`, { insurerId: ids.banmedica, coveragePercentage: 70, comunaId: ids.providencia });
    expect(saved.body.data).toMatchObject({ insurer: { id: ids.banmedica, name: 'Isapre Banmédica' }, coveragePercentage: 70, comuna: { id: ids.providencia, name: 'Providencia', regionId: ids.region } });
    expect((await as(ana).get(`/api/person/${ana.personId}`)).body.data).toMatchObject({ coveragePercentage: 70, comuna: { id: ids.providencia } });

    const bad = await as(ana).post(`/api/person/${ana.personId}`, { insurerId: 999999, comunaId: ids.region, coveragePercentage: 140 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['coveragePercentage']);
    const missing = await as(ana).post(`/api/person/${ana.personId}`, { insurerId: 999999, comunaId: ids.region });
    expect(missing.body).toMatchObject({ code: 400, errors: { insurerId: [expect.any(String)], comunaId: [expect.any(String)] } });
    // Nothing half-written: the profile is as it was.
    expect((await as(ana).get(`/api/person/${ana.personId}`)).body.data.insurer.id).toBe(ids.banmedica);

    const cleared = await as(ana).post(`/api/person/${ana.personId}`, { insurerId: null, coveragePercentage: '', comunaId: null });
    expect(cleared.body.data).toMatchObject({ insurer: null, coveragePercentage: null, comuna: null });
  });

  it('keeps quoted orders, newest first, once each, and only for their person', async () => {
    const order = { exams: [ids.hemograma, ids.lipidos], location: ids.providencia, nearLocations: true, pensionHealtInstitutionId: ids.banmedica, coveragePercentage: 70 };
    const first = await as(ana).post('/api/saved-order', order);
    expect(first.body.data).toMatchObject({
      label: 'Hemograma, Perfil lipídico · Providencia y comunas vecinas · Isapre Banmédica',
      examIds: [ids.hemograma, ids.lipidos], location: ids.providencia, locationFk: ids.region, nearLocations: true, pensionHealtInstitutionId: ids.banmedica, coveragePercentage: 70,
    });
    // A second tap on "Guardar" (or a replay) keeps one.
    const again = await as(ana).post('/api/saved-order', { ...order, exams: [ids.lipidos, ids.hemograma] });
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await as(ana).post('/api/saved-order', { exams: [ids.hemograma] });
    expect(other.body.data).toMatchObject({ label: 'Hemograma', location: null, pensionHealtInstitutionId: null });

    const list = await as(ana).post('/api/saved-order/search', {});
    expect(list.body.data.items.map((o: { id: number }) => o.id)).toEqual([other.body.data.id, first.body.data.id]);
    expect((await as(beto).post('/api/saved-order/search', {})).body.data.items).toEqual([]);

    // Another person's order answers like a missing one.
    expect((await as(beto).delete(`/api/saved-order/${first.body.data.id}`)).body).toMatchObject({ code: 404, error: 'SAVED_ORDER.NOT_FOUND' });
    expect((await as(ana).delete(`/api/saved-order/${first.body.data.id}`)).body.code).toBe(200);
    expect((await as(ana).delete(`/api/saved-order/${first.body.data.id}`)).body.code).toBe(404);
  });

  it('refuses an order without exams or with unknown references, and anyone not signed in', async () => {
    const empty = await as(ana).post('/api/saved-order', { exams: [] });
    expect(empty.body).toMatchObject({ code: 400, errors: { exams: [expect.any(String)] } });
    const unknown = await as(ana).post('/api/saved-order', { exams: [999999], location: ids.region, pensionHealtInstitutionId: 999999 });
    expect(Object.keys(unknown.body.errors).sort()).toEqual(['exams', 'location', 'pensionHealtInstitutionId']);
    expect((await t.http.post('/api/saved-order').send({ exams: [ids.hemograma] })).status).toBe(401);
    expect((await t.http.post('/api/saved-order/search').send({})).status).toBe(401);
  });
});
