import type { OrderLine } from '../../src/contracts/exams';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';

/**
 * The order reader's vocabulary (issue 26), as an administrator keeps it from the back office: what
 * is written here is what the reader answers on the very next order.
 */
describe('the order vocabulary, as an administrator keeps it', () => {
  let t: TestApp;
  let admin: string;
  let hemograma: { id: number; code: string; codeDotted: string };
  let pcr: { id: number; code: string; codeDotted: string };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 1 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const select = { id: true, code: true, codeDotted: true } as const;
    hemograma = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' }, select });
    pcr = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0305031' }, select });
  }, 120_000);
  afterAll(() => t.close());

  const post = (path: string, body: object, token = admin) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body);
  const read = async (text: string): Promise<OrderLine[]> => (await t.http.post('/api/exam/read-order').send({ text })).body.data.lines;
  const search = (body: object) => post('/api/order-term/search', body).then((answer) => answer.data.items as { id: number; term: string }[]);

  it('asks between the exams of a new ambiguous term on the next order, sets it aside once it is not a laboratory exam, and forgets it once deleted', async () => {
    // "QXT-9" is made up: no order, exam or seeded term says it (the fuzzy look-up may still offer something).
    const readAs = (lines: OrderLine[]) => lines.map((l) => [l.status, l.exams.map((e) => e.id), l.alternatives.map((e) => e.id), l.reason]);
    const before = readAs(await read('QXT-9'));
    expect(before).not.toContainEqual(['AMBIGUOUS', [], [pcr.id, hemograma.id], null]);

    const created = await post('/api/order-term', { term: 'QXT-9', kind: 'AMBIGUOUS', examIds: [pcr.id, hemograma.id] });
    expect(created).toMatchObject({
      code: 200,
      data: { term: 'QXT-9', folded: 'qxt 9', kind: 'AMBIGUOUS', reason: null, source: 'manual', exams: [{ id: pcr.id, code: '0305031', codeDotted: '03-05-031', name: expect.any(String) }, { id: hemograma.id, code: '0301045' }] },
    });
    const id = created.data.id as number;
    const [asked] = await read('QXT-9');
    expect([asked.status, asked.alternatives.map((e) => e.id), asked.exams]).toEqual(['AMBIGUOUS', [pcr.id, hemograma.id], []]);

    // Found by any part of it, written with or without accents and capitals, and by its kind.
    expect((await search({ term: 'Qxt 9' })).map((item) => item.id)).toEqual([id]);
    expect((await search({ term: 'qxt', kind: 'AMBIGUOUS' })).map((item) => item.id)).toEqual([id]);
    expect(await search({ term: 'qxt', kind: 'PANEL' })).toEqual([]);
    expect((await t.http.get(`/api/order-term/${id}`).set('Authorization', `Bearer ${admin}`)).body.data).toEqual(created.data);

    // The exams it no longer takes go without being sent.
    const reason = 'Es una evaluación clínica, no un examen de laboratorio.';
    const edited = await post(`/api/order-term/${id}`, { kind: 'NOT_LAB', reason });
    expect(edited).toMatchObject({ code: 200, data: { id, term: 'QXT-9', kind: 'NOT_LAB', exams: [], reason } });
    const [setAside] = await read('QXT-9');
    expect([setAside.status, setAside.reason, setAside.exams, setAside.alternatives]).toEqual(['NOT_LAB', reason, [], []]);

    expect((await t.http.delete(`/api/order-term/${id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 200, data: { id } });
    expect((await t.http.get(`/api/order-term/${id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 404, error: 'ORDER_TERM.NOT_FOUND' });
    expect((await t.http.delete(`/api/order-term/${id}`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 404, error: 'ORDER_TERM.NOT_FOUND' });
    expect(readAs(await read('QXT-9'))).toEqual(before);

    const audit = await t.prisma.auditLog.findMany({ where: { entityType: 'OrderTerm', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, (a.details as { term: string }).term])).toEqual([['order_term.created', 'QXT-9'], ['order_term.updated', 'QXT-9'], ['order_term.deleted', 'QXT-9']]);
  });

  it('says what each kind is missing or does not take, beside its field, and writes nothing', async () => {
    const count = await t.prisma.orderTerm.count();
    const refused = async (body: object) => {
      const answer = await post('/api/order-term', body);
      expect(answer).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', message: expect.any(String) });
      return Object.keys(answer.errors).sort();
    };
    expect(await refused({})).toEqual(['kind', 'term']);
    expect(await refused({ term: 'QXT-20', kind: 'OTRO' })).toEqual(['kind']);
    expect(await refused({ term: '¿?', kind: 'IGNORE' })).toEqual(['term']);
    expect(await refused({ term: 'QXT-20', kind: 'PANEL', examIds: [hemograma.id] })).toEqual(['examIds']);
    expect(await refused({ term: 'QXT-20', kind: 'AMBIGUOUS', examIds: [] })).toEqual(['examIds']);
    expect(await refused({ term: 'QXT-20', kind: 'AMBIGUOUS', examIds: [hemograma.id, hemograma.id] })).toEqual(['examIds']);
    expect(await refused({ term: 'QXT-20', kind: 'NOT_LAB', examIds: [hemograma.id] })).toEqual(['examIds', 'reason']);
    expect(await refused({ term: 'QXT-20', kind: 'IGNORE', reason: 'No cambia nada.' })).toEqual(['reason']);
    expect(await refused({ term: 'QXT-20', kind: 'PANEL', examIds: ['uno', hemograma.id] })).toEqual(['examIds.0']);

    const missing = await post('/api/order-term', { term: 'QXT-20', kind: 'PANEL', examIds: [hemograma.id, 999_999] });
    expect(missing).toMatchObject({ code: 400, errors: { examIds: [expect.stringContaining('999999')] } });
    expect(await t.prisma.orderTerm.count()).toBe(count);

    // An edit is checked as the term will be: an ambiguous term turned into a panel keeps its two exams.
    const term = await post('/api/order-term', { term: 'QXT-21', kind: 'AMBIGUOUS', examIds: [pcr.id, hemograma.id] });
    expect((await post(`/api/order-term/${term.data.id}`, { kind: 'NOT_LAB' })).errors).toEqual({ reason: [expect.any(String)] });
    expect((await post(`/api/order-term/${term.data.id}`, { kind: 'PANEL' })).data).toMatchObject({ kind: 'PANEL', exams: [{ id: pcr.id }, { id: hemograma.id }] });
    expect(await post('/api/order-term/999999', { kind: 'IGNORE' })).toMatchObject({ code: 404, error: 'ORDER_TERM.NOT_FOUND' });
  });

  it('refuses a term the vocabulary already reads, and one that is an exam\'s synonym, saying which exam has it', async () => {
    const first = await post('/api/order-term', { term: 'Perfil QXT', kind: 'PANEL', examIds: [hemograma.id, pcr.id] });
    expect(first.code).toBe(200);
    const again = await post('/api/order-term', { term: 'PERFIL-qxt.', kind: 'IGNORE' });
    expect(again).toMatchObject({ code: 409, error: 'ORDER_TERM.TERM_TAKEN', errors: { term: [expect.stringContaining('Perfil QXT')] } });
    const other = await post('/api/order-term', { term: 'QXT-30', kind: 'IGNORE' });
    expect((await post(`/api/order-term/${other.data.id}`, { term: 'perfil qxt' })).error).toBe('ORDER_TERM.TERM_TAKEN');
    // Written otherwise, a term still reads as itself.
    expect((await post(`/api/order-term/${first.data.id}`, { term: 'perfil  QXT' })).data).toMatchObject({ term: 'perfil  QXT', folded: 'perfil qxt' });

    // "hemograma completo" is a synonym of 03-01-045: it is edited on that exam's form.
    const synonym = await post('/api/order-term', { term: 'Hemograma Completo', kind: 'AMBIGUOUS', examIds: [hemograma.id, pcr.id] });
    expect(synonym).toMatchObject({ code: 409, error: 'ORDER_TERM.EXAM_SYNONYM', errors: { term: [expect.stringContaining(hemograma.codeDotted)] } });
    expect(synonym.message).toMatch(/Hemograma/);
  });

  it('lets in administrators only: a provider is refused (403) and an anonymous caller asked to sign in (401)', async () => {
    const company = await t.prisma.company.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const provider = (await createProvider(t, admin, company.id, 'prv@vocabulario.cl', 'clave-vocabulario-1')).token;
    const term = (await post('/api/order-term', { term: 'QXT-40', kind: 'IGNORE' })).data.id as number;
    const calls = [
      ['post', '/api/order-term/search', {}],
      ['get', `/api/order-term/${term}`, undefined],
      ['post', '/api/order-term', { term: 'QXT-41', kind: 'IGNORE' }],
      ['post', `/api/order-term/${term}`, { kind: 'NOT_LAB', reason: 'Intruso.' }],
      ['delete', `/api/order-term/${term}`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const asProvider = t.http[method](path).set('Authorization', `Bearer ${provider}`);
      expect([path, (await (body ? asProvider.send(body) : asProvider)).body]).toEqual([path, expect.objectContaining({ code: 403, error: 'AUTH.FORBIDDEN' })]);
      const anonymous = t.http[method](path);
      expect([path, (await (body ? anonymous.send(body) : anonymous)).body]).toEqual([path, expect.objectContaining({ code: 401, error: 'AUTH.UNAUTHENTICATED' })]);
    }
    expect(await t.prisma.orderTerm.findUniqueOrThrow({ where: { id: term } })).toMatchObject({ kind: 'IGNORE', reason: null });
    expect(await t.prisma.orderTerm.count({ where: { folded: 'qxt 41' } })).toBe(0);
  });
});
