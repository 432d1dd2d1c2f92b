import { startTestApp, type TestApp } from '../support/app';

/**
 * Issue 19: a laboratory's page finds its exams as the home does (synonyms, abbreviations, typos),
 * and shows a quoted order on its own (`exams`).
 */
describe('the exams of a laboratory page', () => {
  let t: TestApp;
  let lab: number;
  const exam: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    const codes = { glucosa: '0302047', pcr: '0305031', hemograma: '0301045', proteinaC: '0301091' };
    for (const [key, code] of Object.entries(codes)) exam[key] = (await t.prisma.exam.findUniqueOrThrow({ where: { code } })).id;
    const company = await t.prisma.company.create({ data: { rut: '76086428-5', legalName: 'Red Página SpA', tradeName: 'Página', status: 'APPROVED' } });
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { name: 'Providencia', kind: 'COMUNA' } });
    lab = (await t.prisma.laboratory.create({ data: { companyId: company.id, identifierName: 'Laboratorio Página', addressLine1: 'Calle 1', comunaId: comuna.id } })).id;
    await t.prisma.laboratoryExam.createMany({ data: Object.values(exam).map((examId, i) => ({ laboratoryId: lab, examId, price: 3000 + i * 1000, status: 'AUTHORIZED' as const })) });
  }, 60_000);
  afterAll(() => t?.close());

  const names = async (body: object) => {
    const res = await t.http.post(`/api/laboratory/${lab}/search`).send(body).expect(200);
    return (res.body.data.exams.items as { id: number; name: string }[]).map((e) => e.id);
  };

  it('finds "glicemia" and "glisemia" (Glucosa en sangre), and "PCR" as Proteína C reactiva first', async () => {
    expect(await names({ term: 'glicemia' })).toEqual([exam.glucosa]);
    expect(await names({ term: 'glisemia' })).toEqual([exam.glucosa]);
    expect((await names({ term: 'pcr' }))[0]).toBe(exam.pcr);
    expect(await names({ term: '0301045' })).toEqual([exam.hemograma]);
    expect(await names({ term: 'zzzz' })).toEqual([]);
  });

  it('shows only the exams of a quoted order, and refuses a list that is not one', async () => {
    expect((await names({ exams: [exam.glucosa, exam.hemograma] })).sort((a, b) => a - b)).toEqual([exam.glucosa, exam.hemograma].sort((a, b) => a - b));
    const bad = await t.http.post(`/api/laboratory/${lab}/search`).send({ exams: 'x' }).expect(400);
    expect(bad.body.errors).toEqual({ 'exams.0': [expect.any(String)] });
  });
});
