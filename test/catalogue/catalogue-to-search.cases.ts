import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { projectionSettled, waitFor } from '../support/wait';

describe('catalogue commands reach /buscador', () => {
  let t: TestApp;
  let admin: string;
  let companyA: number;
  let companyB: number;
  let labA: number;
  let providerA: string;
  let providerB: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const companies = await t.prisma.company.findMany({ where: { laboratories: { some: {} } }, orderBy: { id: 'asc' }, take: 2 });
    [companyA, companyB] = companies.map((c) => c.id);
    labA = (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: companyA }, orderBy: { id: 'asc' } })).id;
    providerA = (await createProvider(t, admin, companyA, 'prv@empresa-a.cl', 'clave-empresa-a-1')).token;
    providerB = (await createProvider(t, admin, companyB, 'prv@empresa-b.cl', 'clave-empresa-b-1')).token;
  }, 120_000);
  afterAll(() => t.close());

  const as = (token: string) => ({
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });
  const quote = (body: object) => t.http.post('/api/laboratory/search').send(body).then((r) => r.body.data);

  it('means all the services a patient checks together, not any of them', async () => {
    // Two values of one attribute type that some laboratories have (e.g. home and pediatric sample collection).
    const [pair] = await t.prisma.$queryRaw<{ a: number; b: number }[]>`
      SELECT min(c.id) AS a, max(c.id) AS b FROM select_list_child c
      WHERE EXISTS (SELECT 1 FROM search_laboratory s WHERE c.id = ANY(s.filter_value_ids))
      GROUP BY c.type_id HAVING count(*) >= 2 ORDER BY c.type_id LIMIT 1`;
    expect(pair).toBeDefined();
    const having = async (condition: 'all' | 'any') =>
      (await t.prisma.$queryRawUnsafe<{ id: number }[]>(
        `SELECT laboratory_id AS id FROM search_laboratory WHERE filter_value_ids ${condition === 'all' ? '@>' : '&&'} ARRAY[$1, $2]::int[] ORDER BY 1`, pair.a, pair.b,
      )).map((r) => r.id);
    const found = await quote({ attributesValues: [pair.a, pair.b], perPage: 50 });
    expect(found.items.map((i: { laboratoryId: number }) => i.laboratoryId).sort((x: number, y: number) => x - y)).toEqual(await having('all'));
    expect(found.total).toBe((await having('all')).length);
    expect((await having('any')).length).toBeGreaterThan(found.total);
  });

  it('ten identical first prices at once end as one price; every other answer is a clear 409, never a 500', async () => {
    const offered = new Set((await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: labA }, select: { examId: true } })).map((r) => r.examId));
    const exam = await t.prisma.exam.findFirstOrThrow({ where: { id: { notIn: [...offered] }, isActive: true }, orderBy: { id: 'desc' } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(providerA).post('/api/laboratory-exam', { laboratoryId: labA, examId: exam.id, price: 9990 })));
    const codes = answers.map((a) => a.code as number).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    for (const refused of answers.filter((a) => a.code === 409)) expect(refused).toMatchObject({ error: 'LABORATORY_EXAM.CONCURRENT_CHANGE', message: expect.any(String) });
    expect(await t.prisma.laboratoryExam.count({ where: { laboratoryId: labA, examId: exam.id } })).toBe(1);
  });

  it('quotes a price a provider adds only once an administrator authorizes it; other providers cannot touch it', async () => {
    const offered = new Set((await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: labA }, select: { examId: true } })).map((r) => r.examId));
    const exam = await t.prisma.exam.findFirstOrThrow({ where: { id: { notIn: [...offered] }, isActive: true }, orderBy: { id: 'asc' } });
    const created = await as(providerA).post('/api/laboratory-exam', { laboratoryId: labA, examId: exam.id, price: 12340 });
    expect(created.data).toMatchObject({ price: 12340, status: 'PENDING' });
    expect(await as(providerB).post(`/api/laboratory-exam/${created.data.id}`, { price: 1 })).toMatchObject({ code: 404, error: 'LABORATORY_EXAM.NOT_FOUND' });
    expect(await as(providerA).post(`/api/laboratory-exam/${created.data.id}`, { status: 'AUTHORIZED' })).toMatchObject({ code: 403 });

    const pricesOf = async () => (await quote({ exams: [exam.id], laboratoryId: labA })).items.map((i: { total: number }) => i.total);
    await projectionSettled(t.prisma);
    expect(await pricesOf()).toEqual([]);
    expect((await as(admin).post(`/api/laboratory-exam/${created.data.id}`, { status: 'AUTHORIZED' })).data.status).toBe('AUTHORIZED');
    expect(await waitFor(pricesOf, (p) => p.length === 1)).toEqual([12340]);
  });

  it('takes a retired exam out of the index, of the exam look-up, and refuses to quote it', async () => {
    const popular = await t.prisma.laboratoryExam.groupBy({ by: ['examId'], where: { status: 'AUTHORIZED' }, _count: true, orderBy: { _count: { examId: 'desc' } }, take: 1 });
    const examId = popular[0].examId;
    const exam = await t.prisma.exam.findUniqueOrThrow({ where: { id: examId } });
    expect((await quote({ exams: [examId] })).total).toBeGreaterThan(0);
    expect((await as(admin).delete(`/api/exam/${examId}`)).code).toBe(200);
    const indexed = () => t.prisma.searchLaboratoryExam.count({ where: { examId } });
    expect(await waitFor(indexed, (n) => n === 0)).toBe(0);
    // The API checks exams against what it keeps in memory, read again once it hears the retirement committed.
    const asked = await waitFor(() => t.http.post('/api/laboratory/search').send({ exams: [examId] }), (r) => r.body.code !== 200);
    expect(asked.body).toMatchObject({ code: 400, errors: { exams: [expect.any(String)] } });
    const lookup = await t.http.post('/api/exam/search').send({ term: exam.code });
    expect(lookup.body.data.items.map((e: { id: number }) => e.id)).not.toContain(examId);
  });

  it('quotes an exam created a moment ago, which no laboratory offers yet (nothing to re-project, still announced)', async () => {
    const type = await t.prisma.examType.findFirstOrThrow();
    // Known to the API process's references first, so that only the creation's announcement can teach it the new exam.
    const known = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true } });
    expect((await t.http.post('/api/laboratory/search').send({ exams: [known.id] })).body.code).toBe(200);
    const created = await as(admin).post('/api/exam', { code: '0399321', name: 'Calprotectina fecal de prueba', typeExamId: type.id });
    expect(created.code).toBe(200);
    const asked = await waitFor(() => t.http.post('/api/laboratory/search').send({ exams: [created.data.id] }), (r) => r.body.code === 200);
    expect(asked.body).toMatchObject({ code: 200, data: { total: 0, items: [] } });
  });

  it('drops an attribute list from the facets when it stops being a filter', async () => {
    const servicios = await t.prisma.selectListType.findUniqueOrThrow({ where: { code: 'SERVICIOS' }, include: { children: true } });
    const childIds = new Set(servicios.children.map((c) => c.id));
    const facetIds = async () => (await quote({})).facets.filterValues.map((f: { id: number }) => f.id) as number[];
    expect((await facetIds()).some((id) => childIds.has(id))).toBe(true);
    const changed = await as(admin).post(`/api/select-list-type/update-isfilter/${servicios.id}`, { value: 'false' });
    expect(changed.data).toMatchObject({ isfilter: false });
    expect((await waitFor(facetIds, (ids) => !ids.some((id) => childIds.has(id)))).some((id) => childIds.has(id))).toBe(false);
  });

  it('restores the shipped neighbours with location-near/import and searches across them again', async () => {
    const lab = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: labA } });
    const neighbour = await t.prisma.nearLocation.findFirstOrThrow({ where: { nearLocationId: lab.comunaId } });
    const around = () => quote({ location: { id: neighbour.locationId }, nearLocations: true }).then((d) => d.items.map((i: { laboratoryId: number }) => i.laboratoryId) as number[]);
    expect(await around()).toContain(labA);
    expect((await as(admin).delete(`/api/location-near/${neighbour.id}`)).code).toBe(200);
    expect(await waitFor(around, (ids) => !ids.includes(labA))).not.toContain(labA);
    const imported = await t.http.get('/api/location-near/import').set('Authorization', `Bearer ${admin}`);
    expect(imported.body.data.added).toBeGreaterThanOrEqual(1);
    expect(await waitFor(around, (ids) => ids.includes(labA))).toContain(labA);
  });

  it('shows a laboratory page with its public attributes and its prices, filtered', async () => {
    const page = await t.http.post(`/api/laboratory/${labA}/search`).send({});
    expect(page.body.data.laboratory).toMatchObject({ id: labA, company: { id: companyA }, openingHours: expect.any(Array) });
    expect(page.body.data.exams.total).toBeGreaterThan(0);
    const first = page.body.data.exams.items[0];
    const filtered = await t.http.post(`/api/laboratory/${labA}/search`).send({ term: first.name.slice(0, 6).normalize('NFD').replace(/\p{M}/gu, '') });
    expect(filtered.body.data.exams.items.map((e: { id: number }) => e.id)).toContain(first.id);
    expect(filtered.body.data.exams.total).toBeLessThanOrEqual(page.body.data.exams.total);
    await as(providerA).delete(`/api/priv/laboratory/${labA}`);
    expect((await t.http.post(`/api/laboratory/${labA}/search`).send({})).body).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    expect(await as(providerB).delete(`/api/priv/laboratory/${labA}`)).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
  });

  it("states on the card the branch's hours and walk-in as they are after an edit (projected with the branch)", async () => {
    const walkIn = await t.prisma.selectListChild.findFirstOrThrow({ where: { code: 'SIN_HORA' } });
    // Not labA: the test before closed it (its removal from the index may still be in flight).
    await projectionSettled(t.prisma);
    const { laboratoryId: lab } = await t.prisma.searchLaboratory.findFirstOrThrow({ where: { companyId: companyA, laboratoryId: { not: labA } }, orderBy: { laboratoryId: 'asc' } });
    const card = async () => {
      await projectionSettled(t.prisma);
      return (await quote({ laboratoryId: lab })).items[0].facts as { openingHours: unknown; walkIn: boolean };
    };
    await t.prisma.laboratoryAttribute.deleteMany({ where: { laboratoryId: lab, selectListChildId: walkIn.id } });
    const hours = [{ day: 2, opens: '07:30', closes: '12:00' }];
    expect(await as(admin).post(`/api/priv/laboratory/${lab}`, { openingHours: hours })).toMatchObject({ code: 200 });
    expect(await card()).toMatchObject({ openingHours: hours, walkIn: false });

    const set = await as(admin).post('/api/laboratory-attribute', { laboratoryId: lab, selectListTypeId: walkIn.typeId, selectListChildId: walkIn.id });
    expect(set).toMatchObject({ code: 200 });
    expect(await card()).toMatchObject({ openingHours: hours, walkIn: true });
    expect(await as(admin).delete(`/api/laboratory-attribute/${set.data.id}`)).toMatchObject({ code: 200 });
    expect(await card()).toMatchObject({ walkIn: false });
  });
});
