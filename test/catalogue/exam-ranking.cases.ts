import { ExamLookup } from '../../src/modules/catalogue/exams/infrastructure/exam-lookup';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/wait';

/**
 * The search box knows what people mean (issue 18): the first letters of a common exam bring it
 * first, by the catalogue's prior (which administrators edit on the exam form) and by what people
 * chose in their searches, through `POST /api/exam/search` as the storefront and the back office call it.
 */
describe('exam look-up ranking', () => {
  let t: TestApp;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    await t.app.get(ExamLookup).refreshPopularity();
  }, 120_000);
  afterAll(() => t?.close());

  const lookUp = async (term: string) => {
    const answer = await t.http.post('/api/exam/search').send({ term, perPage: 8 });
    expect(answer.status).toBe(200);
    return answer.body.data.items as { id: number; code: string; name: string }[];
  };
  const first = async (term: string) => (await lookUp(term))[0]?.code;
  const examIdOf = async (code: string) => (await t.prisma.exam.findUniqueOrThrow({ where: { code } })).id;
  const setCommonness = (id: number, commonness: number | string) => t.http.post(`/api/exam/${id}`).set(as(admin)).send({ commonness });

  // The twenty most ordered laboratory exams in Chile (docs/decisions.md, "Exam look-up ranking"),
  // with the first letters people type for them. Where two of them share their first letters
  // ("perfil ...", "vitamina ..."), the more common one takes the short prefix and the other needs
  // the letters that tell them apart.
  const COMMON: [string, string, string[]][] = [
    ['0301045', 'hemograma', ['hemo', 'hemog', 'Hemo']],
    ['0302047', 'glicemia (glucosa en sangre)', ['glic', 'gluc', 'gli']],
    ['0302034', 'perfil lipídico', ['perf', 'perfil l', 'lipi']],
    ['0302023', 'creatinina', ['crea', 'creat']],
    ['0309022', 'orina completa', ['orin', 'ori', 'orina c']],
    ['0302075', 'perfil bioquímico', ['perfil b', 'bioq']],
    ['0303024', 'TSH', ['tsh', 'TSH', 'tiroe']],
    ['0301041', 'hemoglobina glicosilada', ['hba', 'hba1', 'hemoglobina g']],
    ['0306011', 'urocultivo', ['uroc', 'uro']],
    ['0302076', 'perfil hepático', ['perfil h', 'hepa']],
    ['0303026', 'T4 libre', ['t4 l', 't4l']],
    ['0305031', 'PCR', ['pcr', 'proteina c']],
    ['0302057', 'nitrógeno ureico (BUN)', ['bun', 'nitr', 'urea']],
    ['0302032', 'electrolitos plasmáticos', ['elec', 'elect']],
    ['0301086', 'VHS', ['vhs', 'velo']],
    ['0302005', 'ácido úrico', ['acid', 'ácido u', 'uric']],
    ['0302078', 'vitamina D', ['vita', 'vit', 'vitamina d']],
    ['0301026', 'ferritina', ['ferr', 'fer']],
    ['0302077', 'vitamina B12', ['vitamina b', 'b12']],
    ['0301059', 'tiempo de protrombina', ['tiem', 'protr', 'inr']],
  ];

  it.each(COMMON)('brings %s (%s) first from its first letters', async (code, _name, typed) => {
    const firsts = await Promise.all(typed.map(async (term) => [term, await first(term)]));
    expect(firsts).toEqual(typed.map((term) => [term, code]));
  });

  it('lists the common exams the letters match before the rare ones: "hemo" has Hemograma before Hemosiderina', async () => {
    const hemo = (await lookUp('hemo')).map((e) => e.name);
    expect(hemo[0]).toMatch(/^Hemograma/);
    expect(hemo.findIndex((n) => /^Hemoglobina glicada/.test(n))).toBeLessThan(hemo.findIndex((n) => /^Hemosiderina/.test(n)));
    const perf = (await lookUp('perf')).map((e) => e.code);
    expect(perf[0]).toBe('0302034');
    expect(perf.slice(0, 3).sort()).toEqual(['0302034', '0302075', '0302076']); // lipídico, bioquímico, hepático before "de aminoácidos"
  });

  it("follows an administrator's change of how common an exam is, on the next look-up", async () => {
    const before = await lookUp('hemo');
    expect(before[0].code).toBe('0301045');
    const rival = before.find((e) => e.code !== '0301045' && e.code !== '0301041')!;
    const hemograma = await examIdOf('0301045');

    // The exam form sends the value as typed; it is 0 to 100, whole.
    for (const wrong of [101, -1, 2.5, 'mucho']) {
      const refused = await setCommonness(rival.id, wrong);
      expect([wrong, refused.status, refused.body.error, Object.keys(refused.body.errors ?? {})]).toEqual([wrong, 400, 'REQUEST.VALIDATION_FAILED', ['commonness']]);
    }
    expect((await t.http.get(`/api/exam/${rival.id}`).set(as(admin))).body.data.commonness).toBe(0);

    expect((await setCommonness(rival.id, '100')).body).toMatchObject({ code: 200, data: { commonness: 100 } });
    expect((await setCommonness(hemograma, 0)).body).toMatchObject({ code: 200, data: { commonness: 0 } });
    expect(await first('hemo')).toBe(rival.code);

    await setCommonness(rival.id, 0);
    await setCommonness(hemograma, 100);
    expect(await first('hemo')).toBe('0301045');
  });

  it('lifts the exams people choose in their searches', async () => {
    // Two rare exams the same letters find, neither of them given a prior.
    const before = await lookUp('hemos');
    expect(before.length).toBeGreaterThan(1);
    const chosen = before[before.length - 1];
    const [place] = await t.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM location WHERE kind = 'COMUNA' ORDER BY id LIMIT 1`;
    // Three people search a quote for it (one of them twice: a session counts once).
    for (const session of [1764000001, 1764000002, 1764000003, 1764000003]) {
      const searched = await t.http.post('/api/laboratory/search').send({ exams: [chosen.id], location: place.id, session: String(session) });
      expect(searched.body.code).toBe(200);
    }
    await waitFor(
      () => t.prisma.reportExamMonthly.aggregate({ where: { examId: chosen.id }, _sum: { sessions: true } }),
      (sum) => sum._sum.sessions === 3,
    );
    await t.app.get(ExamLookup).refreshPopularity();
    expect(await first('hemos')).toBe(chosen.code);
    // The common exams keep their place where the chosen one does not match.
    expect(await first('hemog')).toBe('0301045');
  });
});
