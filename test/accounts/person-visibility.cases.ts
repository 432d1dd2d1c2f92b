import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';

/**
 * Person visibility is enforced: a provider user granted only some branches of its company sees and
 * manages only those (lists filtered, the others answer 404); without grants it sees its whole company.
 */
describe('person visibility, as a provider user lives it', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let personId: number;
  let companyId: number;
  let branchA: number;
  let branchB: number;
  let offerA: number;
  let offerB: number;
  let examId: number;

  const as = (token: string) => ({
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });
  const ids = (answer: { data: { items: { id: number }[] } }) => answer.data.items.map((item) => item.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const offered = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { isActive: true, laboratory: { company: { status: 'APPROVED' } } }, orderBy: { id: 'asc' }, select: { id: true, examId: true, laboratory: { select: { id: true, companyId: true } } } });
    companyId = offered.laboratory.companyId;
    branchA = offered.laboratory.id;
    offerA = offered.id;
    examId = offered.examId;
    const comunaId = (await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branchA } })).comunaId;
    const registered = await as(admin).post('/api/laboratory', { identifierName: 'Sucursal B de visibilidad', addressLine1: 'Av. Visibilidad 200', comunaId, companyId });
    expect(registered.code).toBe(200);
    branchB = registered.data.id;
    const priced = await as(admin).post('/api/laboratory-exam', { laboratoryId: branchB, examId, price: 7000 });
    expect(priced.code).toBe(200);
    offerB = priced.data.id;
    ({ token: provider, personId } = await createProvider(t, admin, companyId, 'prv@visibilidad.cl', 'clave-visibilidad-1'));
  }, 120_000);
  afterAll(() => t.close());

  const companyBranches = async () => (await t.prisma.laboratory.findMany({ where: { companyId }, select: { id: true }, orderBy: { id: 'asc' } })).map((l) => l.id);

  it('without grants, a provider user sees and manages every branch of its company', async () => {
    expect(ids(await as(provider).post('/api/priv/laboratory/search', { perPage: 100 }))).toEqual(await companyBranches());
    expect((await as(provider).get(`/api/priv/laboratory/${branchB}`)).code).toBe(200);
    expect((await as(provider).get(`/api/laboratory-exam/${offerB}`)).code).toBe(200);
    expect(ids(await as(provider).post('/api/laboratory-exam/search', { laboratoryId: branchB }))).toEqual([offerB]);
  });

  it('ten identical grants at once store one grant and all answer it', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(admin).post('/api/person-visibility', { personId, companyId, laboratoryId: branchA })));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers[0].data).toMatchObject({ person: { id: personId }, company: { id: companyId }, laboratory: { id: branchA }, isActive: true });
    expect(await t.prisma.personVisibility.count({ where: { personId } })).toBe(1);
    // Granted again later: the same grant, still one row; without a company (NULL) too.
    expect((await as(admin).post('/api/person-visibility', { personId, companyId, laboratoryId: branchA })).data.id).toBe(answers[0].data.id);
    const bare = await Promise.all(Array.from({ length: 5 }, () => as(admin).post('/api/person-visibility', { personId, laboratoryId: branchA })));
    expect(new Set(bare.map((a) => a.data.id)).size).toBe(1);
    expect(await t.prisma.personVisibility.count({ where: { personId } })).toBe(2);
    expect(await t.prisma.auditLog.count({ where: { entityType: 'PersonVisibility', action: 'person_visibility.created' } })).toBe(2);
  });

  it('refuses grants outside the person’s company, and grants to a person who is not a provider user', async () => {
    const foreign = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: { not: companyId } }, select: { id: true, companyId: true } });
    const before = await t.prisma.personVisibility.count();
    expect(await as(admin).post('/api/person-visibility', { personId, laboratoryId: foreign.id })).toMatchObject({ code: 400, errors: { laboratoryId: ['Solo puedes dar acceso a sucursales de la empresa de la persona.'] } });
    expect(await as(admin).post('/api/person-visibility', { personId, companyId: foreign.companyId })).toMatchObject({ code: 400, errors: { companyId: ['Solo puedes dar acceso a la empresa de la persona.'] } });
    const administrator = await t.prisma.person.findFirstOrThrow({ where: { profile: { code: 'ADM' } }, select: { id: true } });
    expect(await as(admin).post('/api/person-visibility', { personId: administrator.id, laboratoryId: branchA })).toMatchObject({ code: 400, errors: { personId: [expect.stringContaining('proveedores')] } });
    expect(await t.prisma.personVisibility.count()).toBe(before);
  });

  it('granted only branch A, it lists only A, and branch B is not there for it', async () => {
    expect(ids(await as(provider).post('/api/priv/laboratory/search', { perPage: 100 }))).toEqual([branchA]);
    expect(await as(provider).get(`/api/priv/laboratory/${branchB}`)).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
    expect((await as(provider).get(`/api/priv/laboratory/${branchA}`)).code).toBe(200);

    const prices = await as(provider).post('/api/laboratory-exam/search', { perPage: 100 });
    expect(prices.data.items.length).toBeGreaterThan(0);
    expect(new Set(prices.data.items.map((o: { laboratory: { id: number } }) => o.laboratory.id))).toEqual(new Set([branchA]));
    expect((await as(provider).post('/api/laboratory-exam/search', { laboratoryId: branchB })).data.total).toBe(0);
    expect((await as(provider).get(`/api/laboratory-exam/${offerB}`)).code).toBe(404);
    expect((await as(provider).post('/api/laboratory-attribute/search', { laboratoryId: branchB })).data.total).toBe(0);
  });

  it('cannot change branch B’s prices or data, and can still change A’s', async () => {
    expect((await as(provider).post(`/api/laboratory-exam/${offerB}`, { price: 9900 })).code).toBe(404);
    expect((await as(provider).post('/api/laboratory-exam', { laboratoryId: branchB, examId, price: 9900 })).code).toBe(404);
    expect((await as(provider).post(`/api/priv/laboratory/${branchB}`, { phone: '+56 9 1111 2222' })).code).toBe(404);
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offerB } })).price).toBe(7000);
    expect((await as(provider).post(`/api/laboratory-exam/${offerA}`, { price: 8800 })).code).toBe(200);
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offerA } })).price).toBe(8800);
  });

  it('with its grants deactivated, it sees the whole company again', async () => {
    for (const grant of await t.prisma.personVisibility.findMany({ where: { personId } })) {
      expect((await as(admin).post(`/api/update-person-visibility/${grant.id}`, { personId, laboratoryId: branchA, ...(grant.companyId && { companyId }), isActive: false })).code).toBe(200);
    }
    expect(ids(await as(provider).post('/api/priv/laboratory/search', { perPage: 100 }))).toEqual(await companyBranches());
    expect((await as(provider).get(`/api/laboratory-exam/${offerB}`)).code).toBe(200);
  });
});
