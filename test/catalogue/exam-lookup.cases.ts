import { ExamLookup } from '../../src/modules/catalogue/exams/infrastructure/exam-lookup';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/wait';

/**
 * The search box's exam look-up, through HTTP as the storefront's type-ahead calls it: common
 * misspellings of the twenty most searched exams, abbreviations, codes, type-ahead prefixes, and
 * the record of what finds nothing.
 */
describe('exam look-up', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 16 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    // The popularity prior (laboratories offering each exam) is counted at start, before the seed here.
    await t.app.get(ExamLookup).refreshPopularity();
  }, 120_000);
  afterAll(() => t.close());

  const lookUp = async (term: string, body: object = {}) => {
    const answer = await t.http.post('/api/exam/search').send({ term, perPage: 8, ...body });
    expect(answer.status).toBe(200);
    return answer.body.data as { items: { code: string; name: string; matched: string | null }[]; total: number };
  };
  const codes = async (term: string) => (await lookUp(term)).items.map((e) => e.code);

  // FONASA code -> what people type for it (names, lay names, abbreviations, with the usual typos).
  const MISSPELLINGS: [string, string, string[]][] = [
    ['0301045', 'hemograma', ['hemogrma', 'emograma', 'hemograna', 'hemogramma', 'jemograma', 'HEMOGRAMA']],
    ['0302034', 'perfil lipídico', ['perfil lipidico', 'perfil lipidio', 'perfl lipidico', 'pefil lipídico', 'perfil de lipidos', 'lipidico']],
    ['0302047', 'glicemia', ['glisemia', 'glicemya', 'gliemia', 'glucemia', 'glicemía']],
    ['0303024', 'TSH', ['tsh', 'Tsh', 'hormona tiroestimulnte', 'tirostimulante']],
    ['0309022', 'orina completa', ['orina completo', 'orina conpleta', 'horina completa', 'examen de orina']],
    ['0302023', 'creatinina', ['creatinia', 'cretinina', 'creatinna', 'creatininna', 'creatinína']],
    ['0301041', 'hemoglobina glicosilada', ['hemoglobina glicocilada', 'hemoglobina glucosilada', 'glicosilada', 'hba1c', 'hemoglobina glicada a1c']],
    ['0302075', 'perfil bioquímico', ['perfil bioquimico', 'perfil bioqimico', 'perfil vioquimico', 'bioquimico']],
    ['0306011', 'urocultivo', ['urocultibo', 'urocutivo', 'urocultvo', 'UROCULTIVO']],
    ['0302078', 'vitamina D', ['vitamina d', 'bitamina d', 'vitamna d']],
    ['0303026', 'T4 libre', ['t4 libre', 't4 livre', 't4 lible', 't4l']],
    ['0302067', 'colesterol', ['colesteról', 'colesterool', 'colestrol', 'coleterol']],
    ['0302064', 'triglicéridos', ['trigliceridos', 'triglicerido', 'trigliseridos', 'triglisérido']],
    ['0302005', 'ácido úrico', ['acido urico', 'asido urico', 'acido urco', 'ACIDO URICO']],
    ['0305031', 'PCR', ['pcr', 'proteina c reactiva', 'proteina c reativa']],
    ['0301086', 'VHS', ['vhs', 'velocidad de sedimentacion', 'velocidad de sedimentasion', 'velocidad de eritrosedimentacion']],
    ['0301026', 'ferritina', ['feritina', 'ferritna', 'ferrtina', 'FERRITINA']],
    ['0303017', 'insulina', ['insulna', 'inzulina', 'insulin']],
    ['0301059', 'protrombina', ['protombina', 'tiempo de protrombina', 'protronbina', 'inr']],
    ['0301034', 'grupo sanguíneo', ['grupo sanguineo', 'grupo sangineo', 'grupo sanguinio', 'grupo y factor']],
  ];

  it.each(MISSPELLINGS)('finds %s (%s) first, however it is misspelt', async (code, name, typed) => {
    const firsts = await Promise.all([name, ...typed].map(async (term) => [term, (await codes(term))[0]]));
    expect(firsts).toEqual([name, ...typed].map((term) => [term, code]));
  });

  it('allows one typo from 4 letters and two from 8, none below', async () => {
    expect(await codes('ferrtina')).toContain('0301026'); // 8 letters, one edit
    expect(await codes('feritna')).not.toContain('0301026'); // 7 letters, two edits: too many
    expect((await codes('urocultvio'))[0]).toBe('0306011'); // 10 letters, two edits
    expect((await codes('tsj'))).not.toContain('0303024'); // 3 letters: exact only
  });

  it('reads FONASA codes with or without dashes or dots, and says the code matched', async () => {
    for (const term of ['0302034', '03-02-034', '03.02.034', ' 03 02 034 ']) {
      const { items } = await lookUp(term);
      expect([term, items[0]?.code, items[0]?.matched]).toEqual([term, '0302034', '03-02-034']);
    }
    const prefix = await lookUp('03-02');
    expect(prefix.total).toBeGreaterThan(8);
    expect(prefix.items.map((e) => e.code).every((c) => c.startsWith('0302'))).toBe(true);
    expect(prefix.items.map((e) => e.code)).toEqual([...prefix.items.map((e) => e.code)].sort());
    expect((await lookUp('03-02-034')).total).toBe(1); // nothing else mentions those numbers
    expect((await lookUp('03-0')).total).toBe(0); // under 4 digits: keep typing
  });

  it('completes what is being typed, the common exam first', async () => {
    for (const [prefix, code] of [['hemog', '0301045'], ['perfil lip', '0302034'], ['urocul', '0306011'], ['creati', '0302023'], ['ferri', '0301026'], ['protromb', '0301059']]) {
      expect([prefix, (await codes(prefix))[0]]).toEqual([prefix, code]);
    }
  });

  it('says which synonym matched when it was not the name', async () => {
    expect((await lookUp('glisemia')).items[0]).toMatchObject({ code: '0302047', matched: 'glicemia' });
    expect((await lookUp('VHS')).items[0]).toMatchObject({ code: '0301086', matched: 'VHS' });
    expect((await lookUp('ferritina')).items[0]).toMatchObject({ code: '0301026' });
  });

  it('finds a new exam and its synonyms at once, and not after it is retired', async () => {
    const type = await t.prisma.examType.findFirstOrThrow();
    const created = await t.http.post('/api/exam').set('Authorization', `Bearer ${admin}`).send({ code: '0399123', name: 'Zonulina sérica', typeExamId: type.id, synonyms: ['marcador intestinal'] });
    expect(created.body.code).toBe(200);
    expect((await lookUp('zonulna')).items[0]).toMatchObject({ code: '0399123', matched: null });
    expect((await lookUp('marcador intestnal')).items[0]).toMatchObject({ code: '0399123', matched: 'marcador intestinal' });
    await t.http.delete(`/api/exam/${created.body.data.id}`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(await codes('zonulina')).not.toContain('0399123');
    expect((await lookUp('zonulina', { status: 'retired' })).items.map((e) => e.code)).toEqual(['0399123']);
  });

  it('records what finds nothing, once per term however it is written, for the reports', async () => {
    expect((await lookUp('Xilofónica')).total).toBe(0);
    expect((await lookUp('xilofonica ')).total).toBe(0);
    expect((await lookUp('hemograma')).total).toBeGreaterThan(0);
    expect((await lookUp('xy')).total).toBe(0);
    const misses = () => t.prisma.examLookupMiss.findMany({ where: { term: { in: ['xilofonica', 'xy', 'hemograma'] } } });
    const recorded = await waitFor(misses, (rows) => rows.some((r) => r.count === 2));
    expect(recorded.map((r) => [r.term, r.count, r.lastTyped])).toEqual([['xilofonica', 2, 'xilofonica']]);
  });
});
