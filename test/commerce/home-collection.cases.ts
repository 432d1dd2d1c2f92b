import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { projectionSettled } from '../support/wait';
import { checkoutBody, sellingLaboratory } from './orders-support';

/**
 * Home collection has one source of truth, the branch's own comunas and fees: what the search's quote adds is
 * what checkout charges, a comuna not reached is refused, and the service attribute follows it.
 */
describe('home collection: the branch states it, the quote adds it, checkout charges it', () => {
  let t: TestApp;
  let admin: string;
  let lab: Awaited<ReturnType<typeof sellingLaboratory>>;
  let neighbourId: number;
  let farId: number;
  let homeValueId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 8 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    lab = await sellingLaboratory(t);
    const near = await t.prisma.nearLocation.findFirstOrThrow({ where: { nearLocationId: lab.laboratory.comunaId, source: 'ADJACENT', locationId: { not: lab.laboratory.comunaId } } });
    neighbourId = near.locationId;
    farId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', id: { notIn: [lab.laboratory.comunaId, neighbourId] }, homeCollections: { none: { laboratoryId: lab.laboratory.id } } } })).id;
    homeValueId = (await t.prisma.selectListChild.findFirstOrThrow({ where: { code: 'TOMA_DOMICILIO' } })).id;
  }, 120_000);
  afterAll(() => t.close());

  const asAdmin = () => ({ post: (url: string, body: object) => t.http.post(url).set('Authorization', `Bearer ${admin}`).send(body).then((r) => r.body) });
  const setHome = (homeCollection: object | null) => asAdmin().post(`/api/priv/laboratory/${lab.laboratory.id}`, { homeCollection });
  const hasHomeAttribute = async () => (await t.prisma.laboratoryAttribute.count({ where: { laboratoryId: lab.laboratory.id, selectListChildId: homeValueId } })) === 1;

  it('is edited on the branch: its comunas and fee, a comuna with its own fee, and the service attribute follows', async () => {
    const saved = await setHome({ fee: 4990, comunas: [{ id: lab.laboratory.comunaId }, { id: neighbourId, fee: 6990 }] });
    expect(saved).toMatchObject({ code: 200, data: { homeCollection: { fee: 4990, sameFee: false } } });
    expect(saved.data.homeCollection.comunas).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: lab.laboratory.comunaId, fee: 4990 }),
      expect.objectContaining({ id: neighbourId, fee: 6990 }),
    ]));
    expect(await hasHomeAttribute()).toBe(true);
    const read = await t.http.get(`/api/priv/laboratory/${lab.laboratory.id}`).set('Authorization', `Bearer ${admin}`);
    expect(read.body.data.homeCollection.comunas[0].id).toBe(lab.laboratory.comunaId);
    const page = await t.http.post(`/api/laboratory/${lab.laboratory.id}/search`).send({});
    expect(page.body.data.laboratory.homeCollection).toMatchObject({ fee: 4990, sameFee: false });
  });

  it('refuses bad home-collection data and the attribute edited by hand, changing nothing', async () => {
    expect(await setHome({ fee: -1, comunas: [{ id: neighbourId }] })).toMatchObject({ code: 400, errors: { 'homeCollection.fee': [expect.any(String)] } });
    expect(await setHome({ fee: 4990, comunas: [] })).toMatchObject({ code: 400, errors: { 'homeCollection.comunas': ['Indica al menos una comuna donde tomas muestras a domicilio.'] } });
    expect(await setHome({ fee: 4990, comunas: [{ id: 999999 }] })).toMatchObject({ code: 400, errors: { homeCollection: ['Alguna de las comunas de la toma a domicilio no existe.'] } });
    const attribute = await t.prisma.laboratoryAttribute.findFirstOrThrow({ where: { laboratoryId: lab.laboratory.id, selectListChildId: homeValueId } });
    const removed = await t.http.delete(`/api/laboratory-attribute/${attribute.id}`).set('Authorization', `Bearer ${admin}`);
    expect(removed.body).toMatchObject({ code: 400, errors: { selectListChildId: [expect.stringContaining('se edita en los datos de la sucursal')] } });
    const other = await t.prisma.laboratory.findFirstOrThrow({ where: { id: { not: lab.laboratory.id }, attributes: { none: { selectListChildId: homeValueId } } } });
    const set = await asAdmin().post('/api/laboratory-attribute', { laboratoryId: other.id, selectListTypeId: attribute.selectListTypeId, selectListChildId: homeValueId });
    expect(set).toMatchObject({ code: 400, errors: { selectListChildId: [expect.any(String)] } });
    expect(await hasHomeAttribute()).toBe(true);
    expect(await t.prisma.laboratoryHomeComuna.count({ where: { laboratoryId: lab.laboratory.id } })).toBe(2);
  });

  it('a provider of another company cannot see or change it (404, like a missing branch)', async () => {
    const company = await t.prisma.company.create({ data: { rut: '76543210-3', legalName: 'Ajeno SpA', tradeName: 'Ajeno', status: 'APPROVED' } });
    const provider = await createProvider(t, admin, company.id, 'ajeno@lab.test', 'clave-ajena-123');
    const answer = await t.http.post(`/api/priv/laboratory/${lab.laboratory.id}`).set('Authorization', `Bearer ${provider.token}`).send({ homeCollection: null });
    expect(answer.body).toMatchObject({ code: 404 });
    expect(await t.prisma.laboratoryHomeComuna.count({ where: { laboratoryId: lab.laboratory.id } })).toBe(2);
  });

  it('the fee the quote adds at home is the fee checkout charges; a comuna not reached is refused with a clear error', async () => {
    await projectionSettled(t.prisma);
    const offer = lab.offers[0];
    const search = (body: object) => t.http.post('/api/laboratory/search').send({ exams: [offer.examId], perPage: 50, ...body }).then((r) => r.body);
    const atHome = await search({ location: neighbourId, homeCollection: true });
    const quote = atHome.data.items.find((i: { laboratoryId: number }) => i.laboratoryId === lab.laboratory.id);
    expect(quote).toMatchObject({ homeFee: 6990, total: offer.price + 6990, copay: offer.price + 6990 });
    expect(quote.facts.homeCollectionArea).toMatchObject({ fee: 4990, sameFee: false });
    // Every branch listed at home reaches the comuna.
    const reaching = await t.prisma.laboratoryHomeComuna.findMany({ where: { comunaId: neighbourId }, select: { laboratoryId: true } });
    for (const item of atHome.data.items) expect(reaching.map((r) => r.laboratoryId)).toContain(item.laboratoryId);
    // Without asking, the quote is the exams alone; asking without a comuna is a clear error.
    const plain = (await search({ location: neighbourId, nearLocations: true })).data.items.find((i: { laboratoryId: number }) => i.laboratoryId === lab.laboratory.id);
    expect(plain).toMatchObject({ total: offer.price });
    expect(await search({ homeCollection: true })).toMatchObject({ code: 400, errors: { homeCollection: ['Elige tu comuna para cotizar la toma de muestra a domicilio.'] } });

    const methods = await t.http.get(`/api/shipping-methods?laboratoryId=${lab.laboratory.id}&comunaId=${neighbourId}`);
    expect(methods.body.data[1]).toMatchObject({ code: 'HOME', fee: 6990, available: true });
    const home = { shippingMethod: 'HOME', comunaId: neighbourId, address: 'Los Aromos 123' };
    const placed = await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [offer], home));
    expect(placed.body).toMatchObject({ code: 200, data: { salesOrder: { total: quote.total } } });
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.body.data.salesOrder.id } });
    expect(order).toMatchObject({ shippingFee: 6990, homeComunaId: neighbourId });

    const before = await t.prisma.salesOrder.count();
    const refused = await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [offer], { ...home, comunaId: farId }));
    expect(refused.body).toMatchObject({ code: 400, errors: { comunaId: ['Este laboratorio no hace toma de muestra a domicilio en esa comuna.'] } });
    expect(await t.prisma.salesOrder.count()).toBe(before);
  });

  it('turned off: no comunas, no attribute, and checkout refuses home collection', async () => {
    expect(await setHome(null)).toMatchObject({ code: 200, data: { homeCollection: null } });
    expect(await hasHomeAttribute()).toBe(false);
    const methods = await t.http.get(`/api/shipping-methods?laboratoryId=${lab.laboratory.id}&comunaId=${lab.laboratory.comunaId}`);
    expect(methods.body.data[1]).toMatchObject({ available: false, description: 'Este laboratorio no hace toma de muestra a domicilio.' });
    const refused = await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[0]], { shippingMethod: 'HOME', comunaId: lab.laboratory.comunaId, address: 'Los Aromos 123' }));
    expect(refused.body).toMatchObject({ code: 400, errors: { comunaId: [expect.any(String)] } });
  });
});
