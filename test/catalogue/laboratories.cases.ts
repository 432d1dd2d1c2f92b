import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn, providersOfTwoCompanies } from '../support/accounts';
import { projectionSettled, waitFor } from '../support/wait';

describe('laboratories, as providers and administrators keep them', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let companyA: number;
  let companyB: number;
  let comunaId: number;
  let insurers: number[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    ({ companyA, companyB, providerA, providerB } = await providersOfTwoCompanies(t, admin, 'labs'));
    comunaId = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA } })).comunaId;
    // Not FONASA: whether a branch takes FONASA follows its MLE level (fonasa-bono-source.cases.ts).
    insurers = (await t.prisma.insurer.findMany({ where: { isActive: true, type: { not: 'public' } }, orderBy: { id: 'asc' }, take: 3 })).map((i) => i.id);
  }, 120_000);
  afterAll(() => t.close());

  const as = (token: string) => ({
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });
  const eventsOf = async (laboratoryId: number) =>
    (await t.prisma.outboxEvent.findMany({ where: { aggregateType: 'Laboratory', aggregateId: String(laboratoryId) }, orderBy: { id: 'asc' } })).map((e) => ({ type: e.type, payload: e.payload }));
  const branch = { identifierName: 'Sucursal de prueba', addressLine1: 'Av. Prueba 123' };

  it('says which fields a new branch is missing, each beside its field, and writes nothing', async () => {
    const before = await t.prisma.laboratory.count();
    const answer = await as(providerA).post('/api/priv/laboratory', { identifierName: 'Sin dirección' });
    expect(answer).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { addressLine1: [expect.any(String)], comunaId: [expect.any(String)] } });
    expect(answer.errors.identifierName).toBeUndefined();
    // What the command refuses (another company, unknown comuna and insurers, an administrator naming no company) is
    // proven on its handler (test/medium/register-branch.cases.ts); here, that the route answers it in the envelope.
    expect(await as(providerA).post('/api/laboratory', { ...branch, comunaId, companyId: companyB })).toMatchObject({ code: 400, errors: { companyId: ['La empresa indicada no existe.'] } });
    expect(await t.prisma.laboratory.count()).toBe(before);
  });

  it('registers a branch in the provider’s company, edits part of it, closes it, and records one event per fact', async () => {
    const registered = await as(providerA).post('/api/laboratory', { ...branch, comunaId, insurerIds: insurers.slice(0, 2), openingHours: [{ day: 1, opens: '08:00', closes: '13:00' }] });
    expect(registered).toMatchObject({ code: 200, data: { ...branch, isActive: true, company: { id: companyA }, examCount: 0, openingHours: [{ day: 1, opens: '08:00', closes: '13:00' }] } });
    const id = registered.data.id as number;
    expect(registered.data.insurers.map((i: { id: number }) => i.id).sort()).toEqual(insurers.slice(0, 2).sort());

    const edited = await as(providerA).post(`/api/priv/laboratory/${id}`, { phone: '+56 9 1234 5678', insurerIds: [insurers[2]] });
    expect(edited.data).toMatchObject({ ...branch, phone: '+56 9 1234 5678', insurers: [{ id: insurers[2] }] });
    expect(await as(providerB).post(`/api/laboratory/${id}`, { identifierName: 'Ajena' })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    expect(await as(providerA).post('/api/laboratory/999999', { identifierName: 'Nadie' })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });

    // The routes hand their caller to the queries; who sees which branch is proven on the queries themselves
    // (test/medium/laboratory-scope.cases.ts).
    const own = await as(providerA).post('/api/priv/laboratory/search', { name: 'sucursal de prueba' });
    expect(own.data.items.map((l: { id: number }) => l.id)).toEqual([id]);
    expect((await as(providerB).post('/api/priv/laboratory/search', { name: 'sucursal de prueba' })).data.total).toBe(0);
    expect((await as(providerB).get(`/api/priv/laboratory/${id}`))).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });

    expect(await as(providerA).delete(`/api/priv/laboratory/${id}`)).toMatchObject({ code: 200, data: { id } });
    expect((await as(admin).get(`/api/priv/laboratory/${id}`)).data.isActive).toBe(false);

    expect(await eventsOf(id)).toEqual([
      { type: 'LaboratoryRegistered', payload: { laboratoryId: id, companyId: companyA } },
      { type: 'LaboratoryUpdated', payload: { laboratoryId: id, companyId: companyA, fields: ['phone', 'insurerIds'] } },
      { type: 'LaboratoryClosed', payload: { laboratoryId: id, companyId: companyA } },
    ]);
    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'Laboratory', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['laboratory.registered', 'laboratory.updated', 'laboratory.closed']);
    await projectionSettled(t.prisma);
  });

  it('sets, edits and removes a laboratory attribute, once per value, only on the caller’s laboratories', async () => {
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA, isActive: true }, orderBy: { id: 'asc' } });
    const other = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyB }, orderBy: { id: 'asc' } });
    const servicios = await t.prisma.selectListType.findUniqueOrThrow({ where: { code: 'SERVICIOS' }, include: { children: { orderBy: { id: 'asc' } } } });
    const taken = new Set((await t.prisma.laboratoryAttribute.findMany({ where: { laboratoryId: lab.id, selectListTypeId: servicios.id } })).map((a) => a.selectListChildId));
    // Home collection is derived from the branch's comunas (home-collection.cases.ts): not set by hand.
    const [free, alsoFree] = servicios.children.filter((c) => !taken.has(c.id) && c.code !== 'TOMA_DOMICILIO');
    const before = (await eventsOf(lab.id)).length;

    expect(await as(providerA).post('/api/laboratory-attribute', { selectListTypeId: servicios.id })).toMatchObject({ code: 400, errors: { laboratoryId: [expect.any(String)] } });
    expect(await as(providerA).post('/api/laboratory-attribute', { laboratoryId: lab.id, selectListTypeId: servicios.id })).toMatchObject({ code: 400, errors: { value: [expect.any(String)] } });
    expect(await as(providerB).post('/api/laboratory-attribute', { laboratoryId: lab.id, selectListTypeId: servicios.id, selectListChildId: free.id })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });

    const set = await as(providerA).post('/api/laboratory-attribute', { laboratoryId: lab.id, selectListTypeId: servicios.id, selectListChildId: free.id });
    expect(set).toMatchObject({ code: 200, data: { laboratoryId: lab.id, selectListType: { id: servicios.id }, selectListChild: { id: free.id } } });
    const attributeId = set.data.id as number;
    expect(await as(providerA).post('/api/laboratory-attribute', { laboratoryId: lab.id, selectListTypeId: servicios.id, selectListChildId: free.id })).toMatchObject({ code: 409, error: 'LABORATORY_ATTRIBUTE.DUPLICATE' });

    expect((await as(providerA).post(`/api/laboratory-attribute/${attributeId}`, { selectListChildId: alsoFree.id })).data).toMatchObject({ id: attributeId, selectListChild: { id: alsoFree.id } });
    expect(await as(providerA).post(`/api/laboratory-attribute/${attributeId}`, { laboratoryId: other.id })).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    expect((await as(providerA).get(`/api/laboratory-attribute/${attributeId}`)).data).toMatchObject({ id: attributeId, laboratoryId: lab.id });
    expect((await as(providerB).get(`/api/laboratory-attribute/${attributeId}`))).toMatchObject({ code: 404, error: 'LABORATORY_ATTRIBUTE.NOT_FOUND' });
    const mine = await as(providerB).post('/api/laboratory-attribute/search', { laboratoryId: lab.id });
    expect(mine.data.total).toBe(0);

    expect(await as(providerA).delete(`/api/laboratory-attribute/${attributeId}`)).toMatchObject({ code: 200, data: { id: attributeId } });
    expect(await as(providerA).get(`/api/laboratory-attribute/${attributeId}`)).toMatchObject({ code: 404, error: 'LABORATORY_ATTRIBUTE.NOT_FOUND' });

    expect((await eventsOf(lab.id)).slice(before)).toEqual([
      { type: 'LaboratoryAttributeSet', payload: { laboratoryAttributeId: attributeId, laboratoryId: lab.id } },
      { type: 'LaboratoryAttributeSet', payload: { laboratoryAttributeId: attributeId, laboratoryId: lab.id } },
      { type: 'LaboratoryAttributeRemoved', payload: { laboratoryAttributeId: attributeId, laboratoryId: lab.id } },
    ]);
    await projectionSettled(t.prisma);
  });

  it('keeps the fees a branch charges apart, refuses absurd ones per field, and quotes its sample taking once per visit', async () => {
    const created = await as(providerA).post('/api/laboratory', { ...branch, identifierName: 'Sucursal Con Cobros', comunaId });
    const id = created.data.id as number;
    // Three blood exams and a urine one, priced and authorized: the edit of its fees brings them to the search.
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ['0301045', '0302047', '0302023', '0309022'] } } });
    await t.prisma.laboratoryExam.createMany({ data: exams.map((e) => ({ laboratoryId: id, examId: e.id, price: 3000, status: 'AUTHORIZED' as const })) });
    const edit = (fees: object[]) => as(providerA).post(`/api/priv/laboratory/${id}`, { fees });
    for (const [fees, field] of [
      [[{ kind: 'VENOUS', amount: -1 }], 'fees.0.amount'],
      [[{ kind: 'VENOUS', amount: 150000 }], 'fees.0.amount'],
      [[{ kind: 'TRAVEL', amount: 1000 }], 'fees.0.kind'],
      [[{ kind: 'AFTER_HOURS', amount: 3000 }], 'fees.0.startsAt'],
    ] as const) {
      const answer = await edit(fees as unknown as object[]);
      expect(answer).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { [field]: [expect.any(String)] } });
    }
    expect(await edit([{ kind: 'VENOUS', amount: 2000 }, { kind: 'VENOUS', amount: 2500 }])).toMatchObject({ code: 400, errors: { fees: [expect.any(String)] } });
    expect(await t.prisma.laboratoryFee.count({ where: { laboratoryId: id } })).toBe(0);

    const saved = await edit([{ kind: 'VENOUS', amount: 2500 }, { kind: 'AFTER_HOURS', amount: 3000, startsAt: '18:00', endsAt: '21:00' }]);
    expect(saved).toMatchObject({ code: 200, data: { fees: [{ kind: 'VENOUS', amount: 2500 }, { kind: 'AFTER_HOURS', amount: 3000, startsAt: '18:00', endsAt: '21:00' }] } });
    expect((await as(providerA).get(`/api/priv/laboratory/${id}`)).data.fees).toEqual(saved.data.fees);
    // Quoted: one venous sample taking for the three blood exams; the surcharge is on the card with its hours.
    const quote = () => t.http.post('/api/laboratory/search').send({ exams: exams.map((e) => e.id), laboratoryId: id }).then((r) => r.body.data.items[0]);
    // The branch's creation is projected too, maybe after the prices were written and before the fees were: wait
    // for every event, not for the first answer that has the prices.
    await projectionSettled(t.prisma);
    const item = await quote();
    expect(item).toMatchObject({ copay: 12000, fees: [{ kind: 'VENOUS', amount: 2500, copay: 2500 }], toPay: 14500 });
    expect(item.facts.fees).toContainEqual({ kind: 'AFTER_HOURS', amount: 3000, startsAt: '18:00', endsAt: '21:00' });
    // A urine sample alone is brought by the patient: no sample taking.
    const urine = exams.find((e) => e.code === '0309022')!;
    expect(await t.http.post('/api/laboratory/search').send({ exams: [urine.id], laboratoryId: id }).then((r) => r.body.data.items[0])).toMatchObject({ fees: [], toPay: 3000 });
  });

  it('gives every branch a code its price lists name it by: the next SUC-NNN, or the one chosen, unique in the company', async () => {
    const codes = async () => (await t.prisma.laboratory.findMany({ where: { companyId: companyA }, select: { branchCode: true } })).map((l) => l.branchCode);
    // The demo data's branches got theirs at the seed.
    expect((await codes()).every((code) => /^SUC-\d{3,}$/.test(code ?? ''))).toBe(true);
    const last = Math.max(...(await codes()).map((code) => Number(code!.slice(4))));
    const next = await as(providerA).post('/api/laboratory', { ...branch, identifierName: 'Sin código', comunaId });
    expect(next).toMatchObject({ code: 200, data: { branchCode: `SUC-${String(last + 1).padStart(3, '0')}` } });
    const chosen = await as(providerA).post('/api/laboratory', { ...branch, identifierName: 'Con código', comunaId, branchCode: ' centro-02 ' });
    expect(chosen).toMatchObject({ code: 200, data: { branchCode: 'CENTRO-02' } });
    // Taken in the company: refused on the field, nothing written; another company may use it.
    const before = await t.prisma.laboratory.count();
    expect(await as(providerA).post('/api/laboratory', { ...branch, identifierName: 'Repetida', comunaId, branchCode: 'CENTRO-02' })).toMatchObject({ code: 409, error: 'LABORATORY.BRANCH_CODE_TAKEN', errors: { branchCode: [expect.stringContaining('CENTRO-02')] } });
    expect(await as(providerA).post(`/api/priv/laboratory/${next.data.id}`, { branchCode: 'centro-02' })).toMatchObject({ code: 409, errors: { branchCode: [expect.any(String)] } });
    expect(await t.prisma.laboratory.count()).toBe(before);
    expect(await as(providerB).post('/api/laboratory', { ...branch, identifierName: 'Otra empresa', comunaId, branchCode: 'CENTRO-02' })).toMatchObject({ code: 200 });
    expect(await as(providerA).post('/api/laboratory', { ...branch, comunaId, branchCode: 'con espacio' })).toMatchObject({ code: 400, errors: { branchCode: [expect.any(String)] } });
  });

  it('lists active insurers, FONASA first', async () => {
    const list = (await t.http.get('/api/insurer')).body.data as { code: string; type: string }[];
    expect(list[0]).toMatchObject({ type: 'public' });
    expect(list.length).toBeGreaterThan(3);
  });

  it('takes a closed branch out of /buscador', async () => {
    const quoted = await t.http.post('/api/laboratory/search').send({}).then((r) => r.body.data.items.map((i: { laboratoryId: number }) => i.laboratoryId) as number[]);
    const labId = quoted[0];
    const company = (await t.prisma.laboratory.findUniqueOrThrow({ where: { id: labId } })).companyId;
    const owner = company === companyA ? providerA : company === companyB ? providerB : admin;
    expect((await as(owner).delete(`/api/priv/laboratory/${labId}`)).code).toBe(200);
    const search = () => t.http.post('/api/laboratory/search').send({}).then((r) => r.body.data.items.map((i: { laboratoryId: number }) => i.laboratoryId) as number[]);
    expect(await waitFor(search, (ids) => !ids.includes(labId))).not.toContain(labId);
  });
});
