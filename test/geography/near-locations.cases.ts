import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { projectionSettled } from '../support/wait';

describe('near locations, as an administrator keeps them', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
  }, 120_000);
  afterAll(() => t.close());

  const post = (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${admin}`).send(body).then((r) => r.body);
  const nearEvents = async (after: bigint) =>
    (await t.prisma.outboxEvent.findMany({ where: { type: 'NearLocationsChanged', id: { gt: after } }, orderBy: { id: 'asc' } })).map((e) => e.payload);
  const lastEventId = async () => (await t.prisma.outboxEvent.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0n;

  it('adds, moves and removes a pair by hand, naming the comunas whose laboratories serve differently', async () => {
    const [a, b, c] = await t.prisma.location.findMany({ where: { kind: 'COMUNA', near: { none: {} }, nearOf: { none: {} } }, orderBy: { id: 'asc' }, take: 3 });
    const since = await lastEventId();

    expect(await post('/api/location-near', { locationId: a.id })).toMatchObject({ code: 400, errors: { nearLocationId: [expect.any(String)] } });
    expect(await post('/api/location-near', { locationId: a.id, nearLocationId: a.id })).toMatchObject({ code: 400, errors: { nearLocationId: [expect.any(String)] } });
    const region = await t.prisma.location.findFirstOrThrow({ where: { kind: 'REGION' } });
    expect(await post('/api/location-near', { locationId: region.id, nearLocationId: b.id })).toMatchObject({ code: 400, errors: { locationId: [expect.any(String)] } });

    const added = await post('/api/location-near', { locationId: a.id, nearLocationId: b.id, distanceKm: 4.5 });
    expect(added).toMatchObject({ code: 200, data: { source: 'MANUAL', distanceKm: 4.5, location: { id: a.id }, nearLocation: { id: b.id } } });
    expect(await post('/api/location-near', { locationId: a.id, nearLocationId: b.id })).toMatchObject({ code: 409, error: 'NEAR_LOCATION.DUPLICATE' });

    const moved = await post(`/api/location-near/${added.data.id}`, { nearLocationId: c.id });
    expect(moved.data).toMatchObject({ location: { id: a.id }, nearLocation: { id: c.id }, distanceKm: 4.5 });
    const listed = (await t.http.post(`/api/location-near/search/${a.id}`)).body.data;
    expect(listed.items.map((i: { id: number }) => i.id)).toEqual([added.data.id]);

    expect((await t.http.delete(`/api/location-near/${added.data.id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 200, data: { id: added.data.id } });
    expect((await t.http.delete(`/api/location-near/${added.data.id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 404, error: 'NEAR_LOCATION.NOT_FOUND' });

    expect(await nearEvents(since)).toEqual([{ comunaIds: [b.id] }, { comunaIds: [c.id, b.id] }, { comunaIds: [c.id] }]);
    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'NearLocation', entityId: String(added.data.id) }, orderBy: { id: 'asc' } });
    expect(audit.map((r) => r.action)).toEqual(['near_location.created', 'near_location.updated', 'near_location.deleted']);
    await projectionSettled(t.prisma);
  });

  it('re-imports the shared borders after they were lost: one event naming every comuna, not a 500', async () => {
    const imported = await t.prisma.nearLocation.count();
    expect(imported).toBeGreaterThan(100);
    await t.prisma.nearLocation.deleteMany({});
    const since = await lastEventId();
    const answer = (await t.http.get('/api/location-near/import').set('Authorization', `Bearer ${admin}`)).body;
    expect(answer.code).toBe(200);
    expect(await t.prisma.nearLocation.count()).toBe(imported);
    const [event] = await nearEvents(since);
    expect((event as { comunaIds: number[] }).comunaIds.length).toBeGreaterThan(100);
    await projectionSettled(t.prisma);
  });
});
