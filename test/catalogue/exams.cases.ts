import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { projectionSettled, waitFor } from '../support/wait';

describe('the exam catalogue, as an administrator keeps it', () => {
  let t: TestApp;
  let admin: string;
  let typeId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    typeId = (await t.http.get('/api/exam-type')).body.data.find((type: { name: string }) => /hematolog/i.test(type.name)).id;
  }, 120_000);
  afterAll(() => t.close());

  const post = (path: string, body: object) => t.http.post(path).set('Authorization', `Bearer ${admin}`).send(body).then((r) => r.body);
  const list = (body: object) => t.http.post('/api/exam/search').send(body).then((r) => r.body);

  it('says which fields a new exam is missing, each beside its field, and writes nothing', async () => {
    const before = await t.prisma.exam.count();
    const answer = await post('/api/exam', { name: 'Examen sin código' });
    expect(answer).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { code: [expect.any(String)], typeExamId: [expect.any(String)] } });
    expect(answer.errors.name).toBeUndefined();
    expect(await t.prisma.exam.count()).toBe(before);
  });

  it('creates an exam with its FONASA values and synonyms, refuses its code twice, edits it and retires it', async () => {
    const created = await post('/api/exam', { code: '0399001', name: 'Recuento de prueba', typeExamId: typeId, fonasaPrices: [2500, 3200, ''], fonasaCopays: [1000, 1300, ''], synonyms: ['conteo prueba'] });
    expect(created).toMatchObject({ code: 200, data: { codeDotted: '03-99-001', isActive: true, fonasa: { prices: [2500, 3200, null], copays: [1000, 1300, null] }, synonyms: [{ synonym: 'conteo prueba' }] } });
    const id = created.data.id;

    expect(await post('/api/exam', { code: '0399001', name: 'Otro', typeExamId: typeId })).toMatchObject({ code: 409, error: 'EXAM.CODE_TAKEN', errors: { code: [expect.any(String)] } });
    expect((await list({ term: 'conteo prueba' })).data.items[0]).toMatchObject({ id, matched: 'conteo prueba' });

    const edited = await post(`/api/exam/${id}`, { name: 'Recuento de prueba editado' });
    expect(edited.data).toMatchObject({ name: 'Recuento de prueba editado', code: '0399001', fonasa: { prices: [2500, 3200, null] } });

    expect((await t.http.delete(`/api/exam/${id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 200, data: { id } });
    const ids = async (body: object) => (await list({ ...body, perPage: 100 })).data.items.map((e: { id: number }) => e.id);
    expect(await ids({ term: '0399001' })).not.toContain(id);
    expect(await ids({ term: '0399001', status: 'retired' })).toContain(id);
    expect(await ids({ term: '0399001', status: 'all' })).toContain(id);
    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'Exam', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['exam.created', 'exam.updated', 'exam.retired']);
    await projectionSettled(t.prisma);
  });

  it('keeps how a patient prepares for an exam, refuses absurd values per field, and the quote combines it with the order', async () => {
    const glucosa = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0302047' } });
    const hemograma = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } });
    // Seeded from data/reference/exam-preparation.csv.
    expect((await t.http.get(`/api/exam/${glucosa.id}`)).body.data.preparation).toMatchObject({ sampleKind: 'VENOUS', fastingHours: 8 });
    const refused = await post(`/api/exam/${hemograma.id}`, { preparation: { sampleKind: 'BLOOD', fastingHours: 30, morningBefore: '9am' } });
    expect(refused).toMatchObject({ code: 400, errors: { 'preparation.sampleKind': [expect.any(String)], 'preparation.fastingHours': [expect.any(String)], 'preparation.morningBefore': [expect.any(String)] } });
    const edited = await post(`/api/exam/${hemograma.id}`, { preparation: { fastingHours: 4, morningBefore: '10:00', note: 'Sin ejercicio intenso el día antes' } });
    expect(edited).toMatchObject({ code: 200, data: { preparation: { sampleKind: 'VENOUS', fastingHours: 4, morningBefore: '10:00', note: 'Sin ejercicio intenso el día antes', medicines: null } } });
    // The quote of both: the longest fasting (glucose's 8 hours), the hemograma's hour and note.
    const steps = async () => (await t.http.post('/api/laboratory/search').send({ exams: [glucosa.id, hemograma.id] })).body.data.preparation?.steps as string[];
    expect(await waitFor(steps, (s) => s.includes('Sin ejercicio intenso el día antes.'))).toEqual(expect.arrayContaining([
      'Ayuno de 8 horas: solo puedes tomar agua.', 'Ve antes de las 10:00: algunos exámenes se toman temprano en la mañana.',
    ]));
  });

  it('orders and pages the list by name both ways, without repeating or skipping an exam', async () => {
    const page = (currentPage: number, orderSort: string) => list({ orderBy: 'name', orderSort, perPage: 50, currentPage }).then((a) => a.data);
    const shown = [...(await page(1, 'asc')).items, ...(await page(2, 'asc')).items].map((e: { id: number }) => e.id);
    const expected = await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: [{ name: 'asc' }, { code: 'asc' }], take: 100, select: { id: true } });
    expect(shown).toEqual(expected.map((e) => e.id));
    const descending = await page(1, 'desc');
    const last = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true }, orderBy: [{ name: 'desc' }, { code: 'desc' }] });
    expect(descending.items[0].id).toBe(last.id);
  });

  it('refuses an unknown ordering with a message on the field', async () => {
    expect(await list({ orderBy: 'price' })).toMatchObject({ code: 400, errors: { orderBy: [expect.any(String)] } });
  });
});
