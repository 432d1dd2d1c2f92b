import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { projectionSettled } from '../support/wait';

describe('select lists, as an administrator keeps them', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
  }, 120_000);
  afterAll(() => t.close());

  const post = (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${admin}`).send(body).then((r) => r.body);
  const remove = (path: string) => t.http.delete(path).set('Authorization', `Bearer ${admin}`).then((r) => r.body);
  const eventsOf = async (aggregateType: string, aggregateId: number) =>
    (await t.prisma.outboxEvent.findMany({ where: { aggregateType, aggregateId: String(aggregateId) }, orderBy: { id: 'asc' } })).map((e) => ({ type: e.type, payload: e.payload }));

  it('says which fields a new type or value is missing, each beside its field, and writes nothing', async () => {
    const before = await t.prisma.selectListType.count();
    const type = await post('/api/select-list-type', { sortOrder: 3 });
    expect(type).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { code: [expect.any(String)], name: [expect.any(String)] } });
    const value = await post('/api/select-list', { name: 'Sin lista' });
    expect(value).toMatchObject({ code: 400, errors: { typeId: [expect.any(String)], code: [expect.any(String)] } });
    expect(value.errors.name).toBeUndefined();
    expect(await t.prisma.selectListType.count()).toBe(before);
  });

  it('creates a type and its values, toggles a flag, and records one event per fact that changed', async () => {
    const created = await post('/api/select-list-type', { code: 'PRUEBA_LISTA', name: 'Lista de prueba' });
    expect(created).toMatchObject({ code: 200, data: { code: 'PRUEBA_LISTA', isvisible: true, ispublic: false, isfilter: false, children: [] } });
    const typeId = created.data.id;
    expect(await post('/api/select-list-type', { code: 'PRUEBA_LISTA', name: 'Otra' })).toMatchObject({ code: 409, error: 'SELECT_LIST_TYPE.CODE_TAKEN', errors: { code: [expect.any(String)] } });

    const value = await post('/api/select-list', { typeId, code: 'UNO', name: 'Uno' });
    expect(value).toMatchObject({ code: 200, data: { typeId, code: 'UNO', name: 'Uno', isActive: true } });
    expect(await post('/api/select-list', { typeId, code: 'UNO', name: 'Repetido' })).toMatchObject({ code: 409, error: 'SELECT_LIST.CODE_TAKEN' });
    expect(await post('/api/select-list', { typeId: 999999, code: 'DOS', name: 'Dos' })).toMatchObject({ code: 400, errors: { typeId: [expect.any(String)] } });

    expect((await post(`/api/select-list-type/update-ispublic/${typeId}`, { value: 'true' })).data).toMatchObject({ ispublic: true });
    expect((await post(`/api/select-list-type/update-ispublic/${typeId}`, { value: true })).data).toMatchObject({ ispublic: true });
    expect((await post(`/api/select-list-type/${typeId}`, { name: 'Lista de prueba editada', isfilter: true })).data).toMatchObject({ name: 'Lista de prueba editada', isfilter: true });
    expect((await post(`/api/select-list/${value.data.id}`, { name: 'Uno' })).code).toBe(200);
    expect((await post(`/api/select-list/${value.data.id}`, { name: 'Uno editado' })).data).toMatchObject({ name: 'Uno editado', typeId });

    expect((await t.http.get(`/api/select-list/${value.data.id}`).set('Authorization', `Bearer ${admin}`)).body.data).toMatchObject({ name: 'Uno editado', type: { id: typeId, code: 'PRUEBA_LISTA' } });
    const publicValues = (await t.http.get('/api/select-list')).body.data;
    expect(publicValues).toContainEqual(expect.objectContaining({ id: value.data.id, type: { id: typeId, code: 'PRUEBA_LISTA', name: 'Lista de prueba editada' } }));
    const byCode = (await t.http.post('/api/select-list-types/code').send({ codes: 'PRUEBA_LISTA' })).body.data;
    expect(byCode.items.map((i: { id: number }) => i.id)).toEqual([typeId]);

    expect(await eventsOf('SelectListType', typeId)).toEqual([
      { type: 'SelectListTypeCreated', payload: { typeId } },
      // The second toggle changed nothing: no event.
      { type: 'SelectListFlagChanged', payload: { typeId, flag: 'ispublic', value: true } },
      { type: 'SelectListFlagChanged', payload: { typeId, flag: 'isfilter', value: true } },
      { type: 'SelectListTypeUpdated', payload: { typeId, fields: ['name'] } },
    ]);
    expect(await eventsOf('SelectListValue', value.data.id)).toEqual([
      { type: 'SelectListValueCreated', payload: { valueId: value.data.id, typeId } },
      { type: 'SelectListValueUpdated', payload: { valueId: value.data.id, typeId } },
    ]);

    expect(await remove(`/api/select-list/${value.data.id}`)).toMatchObject({ code: 200, data: { id: value.data.id } });
    expect(await remove(`/api/select-list/${value.data.id}`)).toMatchObject({ code: 404, error: 'SELECT_LIST.NOT_FOUND' });
    expect(await remove(`/api/select-list-type/${typeId}`)).toMatchObject({ code: 200, data: { id: typeId } });
    expect(await remove(`/api/select-list-type/${typeId}`)).toMatchObject({ code: 404, error: 'SELECT_LIST_TYPE.NOT_FOUND' });
    expect((await eventsOf('SelectListType', typeId)).at(-1)).toEqual({ type: 'SelectListTypeDeleted', payload: { typeId, laboratoryIds: [] } });
    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'SelectListType', entityId: String(typeId) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['select_list_type.created', 'select_list_type.updated', 'select_list_type.updated', 'select_list_type.updated', 'select_list_type.deleted']);
    await projectionSettled(t.prisma);
  });

  it('deleting a value in use names the laboratories that held it', async () => {
    const attribute = await t.prisma.laboratoryAttribute.findFirstOrThrow({ where: { selectListChildId: { not: null } } });
    const valueId = attribute.selectListChildId!;
    const holders = await t.prisma.laboratoryAttribute.findMany({ where: { selectListChildId: valueId }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
    expect((await remove(`/api/select-list/${valueId}`)).code).toBe(200);
    const [deleted] = await eventsOf('SelectListValue', valueId);
    expect(deleted).toEqual({ type: 'SelectListValueDeleted', payload: { valueId, typeId: attribute.selectListTypeId, laboratoryIds: expect.arrayContaining(holders.map((h) => h.laboratoryId)) } });
    await projectionSettled(t.prisma);
  });

  it('orders the back-office list by name, code or sort order both ways, and refuses other columns', async () => {
    const search = (body: object) => post('/api/select-list-type/search', { perPage: 100, ...body });
    const codes = async (body: object) => (await search(body)).data.items.map((i: { code: string }) => i.code) as string[];
    const all = await t.prisma.selectListType.findMany({ orderBy: [{ code: 'asc' }], select: { code: true } });
    expect(await codes({ orderBy: 'code' })).toEqual(all.map((a) => a.code));
    expect(await codes({ orderBy: 'code', orderSort: 'desc' })).toEqual(all.map((a) => a.code).reverse());
    const byName = await t.prisma.selectListType.findMany({ orderBy: [{ name: 'desc' }, { id: 'desc' }], select: { code: true } });
    expect(await codes({ orderBy: 'name', orderSort: 'desc' })).toEqual(byName.map((a) => a.code));
    expect((await search({ perPage: 1 })).data).toMatchObject({ total: all.length, perPage: 1, items: [expect.anything()] });
    expect(await search({ orderBy: 'isfilter' })).toMatchObject({ code: 400, errors: { orderBy: [expect.any(String)] } });
  });
});
