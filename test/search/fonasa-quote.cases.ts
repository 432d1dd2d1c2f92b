import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../support/app';
import type { LaboratoryQuote, QuoteResults } from '../../src/contracts/search';

/** The FONASA 2026 MLE table as shipped (data/reference is a copy of ../shared/data/fonasa-lab-exams.csv). */
const FONASA_2026 = new Map(
  (parse(readFileSync(join(__dirname, '../../data/reference/fonasa-lab-exams.csv')), { columns: true }) as Record<string, string>[]).map((row) => [
    row.code,
    { arancel: [row.price_level1, row.price_level2, row.price_level3].map(Number), copay: [row.copay_level1, row.copay_level2, row.copay_level3].map(Number) },
  ]),
);

/** Hemograma, perfil lipídico, glucosa, creatinina and TSH: a common 5-exam order. */
const ORDER = ['0301045', '0302034', '0302047', '0302023', '0303024'];

describe('a 5-exam order quoted for each kind of previsión, exam by exam', () => {
  let t: TestApp;
  let exams: { id: number; code: string }[];
  const insurer: Record<string, number> = {};
  /** Each branch's own authorized prices, level, whether it takes FONASA bonos and its venous sample-taking fee. */
  let branches: Map<number, { level: number | null; takesFonasa: boolean; prices: Map<number, number>; venousFee: number | null }>;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 40 });
    exams = await t.prisma.exam.findMany({ where: { code: { in: ORDER } }, select: { id: true, code: true } });
    for (const i of await t.prisma.insurer.findMany()) insurer[i.code] = i.id;
    const labs = await t.prisma.laboratory.findMany({
      select: { id: true, fonasaLevel: true, fees: { where: { kind: 'VENOUS' } }, insurers: { select: { insurer: { select: { code: true, type: true } } } }, exams: { where: { status: 'AUTHORIZED', isActive: true, examId: { in: exams.map((e) => e.id) } }, select: { examId: true, price: true } } },
    });
    branches = new Map(
      labs.map((l) => [
        l.id,
        {
          level: l.fonasaLevel, takesFonasa: l.insurers.some((i) => i.insurer.type === 'public' && i.insurer.code !== 'fonasa_a'),
          prices: new Map(l.exams.map((e) => [e.examId, e.price])), venousFee: l.fees[0]?.amount ?? null,
        },
      ]),
    );
  }, 120_000);
  afterAll(() => t.close());

  const quote = async (body: object): Promise<QuoteResults> => {
    const answer = await t.http.post('/api/laboratory/search').send({ exams: exams.map((e) => e.id), perPage: 50, ...body });
    expect(answer.body.code).toBe(200);
    return answer.body.data;
  };
  const codeOf = (examId: number) => exams.find((e) => e.id === examId)!.code;

  /**
   * Every line's private price is the branch's own, and the order's figures are the sums of its lines. The order's
   * blood is drawn once: a branch charging the venous sample taking has it once, paid as `feeCopay` says, in `toPay`.
   */
  const expectConsistentOrder = (item: LaboratoryQuote, feeCopay: (amount: number) => number = (amount) => amount) => {
    const branch = branches.get(item.laboratoryId)!;
    for (const line of item.exams) expect(line.price).toBe(branch.prices.get(line.examId));
    const sum = (pick: (l: LaboratoryQuote['exams'][number]) => number) => item.exams.reduce((s, l) => s + pick(l), 0);
    expect(item.total).toBe(sum((l) => l.price));
    expect(item.copay).toBe(sum((l) => l.copay));
    expect(item.coverage).toBe(sum((l) => l.coverage));
    expect(item.bonoCopay + item.privateCopay).toBe(item.copay);
    const fee = branch.venousFee;
    expect(item.fees).toEqual(fee === null ? [] : [{ kind: 'VENOUS', amount: fee, copay: feeCopay(fee) }]);
    expect(item.toPay).toBe(item.copay + (fee === null ? 0 : feeCopay(fee)));
  };

  it('charges FONASA tramo C the bono copay of each branch level from the 2026 table, or the private price when lower', async () => {
    const results = await quote({ pensionHealtInstitutionId: insurer.fonasa_c });
    expect(results.items.length).toBeGreaterThan(3);
    let bonos = 0;
    let outsideMle = 0;
    let feesOnBono = 0;
    // The venous sample taking in FONASA's arancel: 03-07-011.
    const sampleTaking = FONASA_2026.get('0307011')!;
    for (const item of results.items) {
      const branch = branches.get(item.laboratoryId)!;
      expect(item.fonasaLevel).toBe(branch.level);
      for (const line of item.exams) {
        const fonasa = FONASA_2026.get(codeOf(line.examId))!;
        if (branch.takesFonasa && branch.level) {
          const copay = fonasa.copay[branch.level - 1];
          const arancel = fonasa.arancel[branch.level - 1];
          if (line.price >= copay) {
            bonos += 1;
            expect(line).toMatchObject({ payment: 'BONO', copay, coverage: arancel - copay, privateCheaper: false });
          } else {
            expect(line).toMatchObject({ payment: 'PRIVATE', copay: line.price, coverage: 0, privateCheaper: true });
          }
        } else {
          outsideMle += 1;
          expect(line).toMatchObject({ payment: 'PRIVATE', copay: line.price, coverage: 0 });
        }
      }
      const bonoCopay = branch.takesFonasa && branch.level ? sampleTaking.copay[branch.level - 1] : null;
      expectConsistentOrder(item, (amount) => (bonoCopay !== null && bonoCopay <= amount ? bonoCopay : amount));
      if (bonoCopay !== null && branch.venousFee !== null) feesOnBono += 1;
    }
    // The demo data has both: branches in the MLE and branches that take no FONASA (listed after, at private prices),
    // and branches in the MLE charging a sample taking, which the bono covers.
    expect(bonos).toBeGreaterThan(0);
    expect(outsideMle).toBeGreaterThan(0);
    expect(feesOnBono).toBeGreaterThan(0);
  });

  it('orders by what a FONASA patient pays when asked, whole orders first', async () => {
    const { items } = await quote({ pensionHealtInstitutionId: insurer.fonasa_c, orderBy: 'copay' });
    // Branches taking FONASA first (the others follow at private prices), then whole orders, then by copay.
    const rank = (i: (typeof items)[number]) => (i.acceptsInsurer ? 0 : 2) + (i.offersAll ? 0 : 1);
    expect(items.map(rank)).toEqual([...items.map(rank)].sort((a, b) => a - b));
    for (const r of [0, 1, 2, 3]) {
      const group = items.filter((i) => rank(i) === r);
      expect(group.map((i) => i.copay)).toEqual([...group.map((i) => i.copay)].sort((a, b) => a - b));
    }
  });

  it('charges FONASA tramo A and a patient without previsión the private prices', async () => {
    for (const body of [{ pensionHealtInstitutionId: insurer.fonasa_a }, {}]) {
      const { items } = await quote(body);
      expect(items.length).toBeGreaterThan(3);
      for (const item of items) {
        for (const line of item.exams) expect(line).toMatchObject({ payment: 'PRIVATE', copay: line.price, coverage: 0, privateCheaper: false });
        expectConsistentOrder(item);
        expect(item.copay).toBe(item.total);
      }
    }
  });

  it("bounds an Isapre plan's 70 % by its cap per exam in UF, quoted with the latest UF value, and says which", async () => {
    const answer = (body: object) => t.http.post('/api/laboratory/search').send({ exams: exams.map((e) => e.id), perPage: 50, ...body }).then((r) => r.body);
    const isapre = { pensionHealtInstitutionId: insurer.colmena, coveragePercentage: 70, coverageCapUf: 0.05 };
    // No UF value kept: the cap cannot be turned into pesos, and the patient is told on the field.
    await t.prisma.ufValue.deleteMany();
    expect(await answer(isapre)).toMatchObject({ code: 400, errors: { coverageCapUf: [expect.stringContaining('UF')] } });
    await t.prisma.ufValue.createMany({ data: [{ validOn: new Date('2026-01-01'), value: 39000 }, { validOn: new Date('2026-11-01'), value: 39512.34 }, { validOn: new Date('2099-01-01'), value: 99999 }] });
    const { data } = await answer(isapre);
    // 0,05 UF of $39.512,34: $1.976 per exam.
    expect(data.uf).toEqual({ validOn: '2026-11-01', value: 39512.34, capPesos: 1976 });
    let capped = 0;
    for (const item of data.items as LaboratoryQuote[]) {
      const share = (price: number) => (item.acceptsInsurer ? Math.min(Math.round(price * 0.7), 1976) : 0);
      for (const line of item.exams) {
        expect(line).toMatchObject({ coverage: share(line.price), copay: line.price - share(line.price) });
        expect(line.capped === true).toBe(Boolean(item.acceptsInsurer) && Math.round(line.price * 0.7) > 1976);
        if (line.capped) capped += 1;
      }
      expectConsistentOrder(item, (amount) => amount - share(amount));
    }
    expect(capped).toBeGreaterThan(0);
    // In pesos, without the UF.
    expect((await answer({ ...isapre, coverageCapUf: undefined, coverageCapPesos: 1000 })).data.uf).toBeUndefined();
  });

  it('covers 70 % of each private price for an Isapre plan, rounded per exam', async () => {
    const isapre = 'banmedica';
    const { items } = await quote({ pensionHealtInstitutionId: insurer[isapre], coveragePercentage: 70 });
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i) => i.acceptsInsurer)).toBe(true);
    for (const item of items) {
      // A branch that does not take the Isapre is quoted at its private prices.
      const covered = (price: number) => (item.acceptsInsurer ? Math.round(price * 0.7) : 0);
      for (const line of item.exams) expect(line).toMatchObject({ coverage: covered(line.price), copay: line.price - covered(line.price), payment: 'PRIVATE' });
      expectConsistentOrder(item, (amount) => amount - covered(amount));
    }
  });

  it('refuses a misspelt field by its name instead of quoting every laboratory as if no exam had been asked', async () => {
    const answer = await t.http.post('/api/laboratory/search').send({ examIds: [28, 87] });
    expect([answer.status, answer.body]).toEqual([400, expect.objectContaining({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { examIds: ['Este campo no existe en esta solicitud; revisa su nombre.'] } })]);
  });
});
