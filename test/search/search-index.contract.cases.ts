import { PrismaService } from '../../src/platform/database/prisma.service';
import { ElasticsearchSearchIndex } from '../../src/modules/search/infrastructure/elasticsearch-search-index';
import { PostgresSearchIndex } from '../../src/modules/search/infrastructure/postgres-search-index';
import { readLaboratoryDocuments } from '../../src/modules/search/infrastructure/laboratory-documents';
import type { QuoteQuery, SearchIndex } from '../../src/modules/search';
import type { ExamQuote } from '../../src/contracts/search';
import { seedDatabase } from '../../src/cli/seed/seed';
import { bestSplit } from '../../src/modules/search/split-offer';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * The SearchIndex contract: what /buscador promises, whatever the adapter. It runs against every
 * adapter that is reachable here (PostgreSQL always; Elasticsearch where ELASTICSEARCH_URL is set).
 */
const ADAPTERS: [string, (prisma: PrismaService) => SearchIndex][] = [
  ['PostgresSearchIndex', (prisma) => new PostgresSearchIndex(prisma)],
  ...(process.env.ELASTICSEARCH_URL
    ? [['ElasticsearchSearchIndex', (prisma: PrismaService) => new ElasticsearchSearchIndex(prisma, process.env.ELASTICSEARCH_URL!, `cl-test-${process.env.TEST_RUN_ID}`)] as [string, (prisma: PrismaService) => SearchIndex]]
    : []),
];

describe.each(ADAPTERS)('SearchIndex contract: %s', (_, makeIndex) => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let index: SearchIndex;
  const ids = { hemograma: 0, lipidos: 0, tsh: 0, providencia: 0, nunoa: 0, fonasa: 0, banmedica: 0, domicilio: 0, sabado: 0, region: 0 };
  const labs: Record<'andes' | 'pacifico' | 'costa', number> = { andes: 0, pacifico: 0, costa: 0 };
  // The FONASA bono cases, in Temuco with exams no other case uses (values of the FONASA 2026 table):
  // Glucosa 03-02-047: arancel 1.280 / 1.660 / 2.050, copay 640 / 1.020 / 1.410 at levels 1 / 2 / 3;
  // Creatinina 03-02-023: arancel 1.370 / 1.780 / 2.190, copay 680 / 1.090 / 1.500; and an exam without MLE values.
  const mle = { glucosa: 0, creatinina: 0, noMle: 0, temuco: 0, uno: 0, dos: 0, tres: 0, sinNivel: 0, sinFonasa: 0 };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    await seedDatabase(prisma, { admin: { email: undefined, password: 'clave-contrato-1' }, seedLabs: 0 }, pino({ level: 'silent' }));
    const exam = (code: string) => prisma.exam.findUniqueOrThrow({ where: { code } });
    const [hemograma, lipidos, tsh] = await Promise.all([exam('0301045'), exam('0302034'), exam('0303024')]);
    const comuna = (name: string) => prisma.location.findFirstOrThrow({ where: { name, kind: 'COMUNA' } });
    const [providencia, nunoa] = await Promise.all([comuna('Providencia'), comuna('Ñuñoa')]);
    const insurer = (code: string) => prisma.insurer.findUniqueOrThrow({ where: { code } });
    const [fonasa, banmedica] = await Promise.all([insurer('fonasa'), insurer('banmedica')]);
    const child = (code: string) => prisma.selectListChild.findFirstOrThrow({ where: { code } });
    const [domicilio, sabado] = await Promise.all([child('TOMA_DOMICILIO'), child('ATENCION_SABADO')]);
    Object.assign(ids, { hemograma: hemograma.id, lipidos: lipidos.id, tsh: tsh.id, providencia: providencia.id, nunoa: nunoa.id, fonasa: fonasa.id, banmedica: banmedica.id, domicilio: domicilio.id, sabado: sabado.id, region: providencia.parentId! });
    if (!(await prisma.nearLocation.findFirst({ where: { locationId: providencia.id, nearLocationId: nunoa.id } }))) throw new Error('Providencia and Ñuñoa share a border in the reference data');

    const company = await prisma.company.create({ data: { rut: '76086428-5', legalName: 'Red Contrato SpA', tradeName: 'Contrato', status: 'APPROVED' } });
    const pending = await prisma.company.create({ data: { rut: '77312560-0', legalName: 'Pendiente SpA', tradeName: 'Pendiente', status: 'PENDING' } });
    const lab = async (name: string, comunaId: number, fonasaLevel: number | null, prices: [number, number][], insurers: number[], values: number[], companyId = company.id) => {
      const created = await prisma.laboratory.create({ data: { companyId, identifierName: name, addressLine1: 'Calle 1', comunaId, fonasaLevel } });
      await prisma.laboratoryExam.createMany({ data: prices.map(([examId, price]) => ({ laboratoryId: created.id, examId, price, status: 'AUTHORIZED' as const })) });
      await prisma.laboratoryInsurer.createMany({ data: insurers.map((insurerId) => ({ laboratoryId: created.id, insurerId })) });
      for (const value of values) {
        const v = await prisma.selectListChild.findUniqueOrThrow({ where: { id: value } });
        await prisma.laboratoryAttribute.create({ data: { laboratoryId: created.id, selectListTypeId: v.typeId, selectListChildId: v.id } });
      }
      return created.id;
    };
    labs.andes = await lab('Laboratorio Andes', providencia.id, 1, [[hemograma.id, 4000], [lipidos.id, 9000]], [fonasa.id, banmedica.id], [domicilio.id]);
    labs.pacifico = await lab('Laboratorio Pacífico', providencia.id, 3, [[hemograma.id, 2500]], [fonasa.id], [sabado.id]);
    labs.costa = await lab('Clínica Costa', nunoa.id, null, [[hemograma.id, 5000], [lipidos.id, 6000]], [banmedica.id], [domicilio.id, sabado.id]);
    await lab('Laboratorio Oculto', providencia.id, 1, [[hemograma.id, 10]], [fonasa.id], [], pending.id);
    // A branch as a company's sign-up leaves it: approved, in its comuna, with no price yet.
    await lab('Sucursal Sin Precios', providencia.id, null, [], [fonasa.id], []);
    await prisma.laboratoryExam.create({ data: { laboratoryId: labs.pacifico, examId: tsh.id, price: 7000, status: 'PENDING' } });

    const temuco = await comuna('Temuco');
    const [glucosa, creatinina] = await Promise.all([exam('0302047'), exam('0302023')]);
    const noMle = await prisma.exam.create({ data: { code: '0399998', codeDotted: '03-99-998', name: 'Examen sin arancel MLE', typeExamId: glucosa.typeExamId } });
    Object.assign(mle, { glucosa: glucosa.id, creatinina: creatinina.id, noMle: noMle.id, temuco: temuco.id });
    const inTemuco = (name: string, level: number | null, prices: [number, number][], insurers = [fonasa.id]) => lab(name, temuco.id, level as number, prices, insurers, []);
    mle.uno = await inTemuco('MLE Nivel Uno', 1, [[glucosa.id, 1280], [creatinina.id, 1000], [noMle.id, 3000]]);
    mle.dos = await inTemuco('MLE Nivel Dos', 2, [[glucosa.id, 900], [creatinina.id, 5000]]);
    mle.tres = await inTemuco('MLE Nivel Tres', 3, [[glucosa.id, 1410], [creatinina.id, 2190]]);
    mle.sinNivel = await inTemuco('Fuera del MLE', null, [[glucosa.id, 1500]]);
    // Without FONASA there is no level (the level is the one source of truth of the bono, and the database keeps
    // FONASA in the insurer list in step with it).
    mle.sinFonasa = await inTemuco('Sin Convenio FONASA', null, [[glucosa.id, 1700]], [banmedica.id]);
    index = makeIndex(prisma);
    await index.reindexAll();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  const query = (overrides: Partial<QuoteQuery>): QuoteQuery => ({
    examIds: [], withNearLocations: false, coverage: { kind: 'NONE' }, visitFees: [], filterValueIds: [], orderBy: 'identifierName', orderSort: 'asc', currentPage: 1, perPage: 10, ...overrides,
  });
  const names = async (q: Partial<QuoteQuery>) => (await index.search(query(q))).items.map((i) => i.identifierName);

  it('quotes every laboratory that offers part of the order, those with the whole order first', async () => {
    const result = await index.search(query({ examIds: [ids.hemograma, ids.lipidos] }));
    expect(result.items.map((i) => [i.identifierName, i.total, i.offersAll, i.missingExamIds])).toEqual([
      ['Clínica Costa', 11000, true, []],
      ['Laboratorio Andes', 13000, true, []],
      ['Laboratorio Pacífico', 2500, false, [ids.lipidos]],
    ]);
    expect(result.total).toBe(3);
  });

  it('orders by total and by copay, whole orders still first', async () => {
    expect(await names({ examIds: [ids.hemograma, ids.lipidos], orderBy: 'total', orderSort: 'desc' })).toEqual(['Laboratorio Andes', 'Clínica Costa', 'Laboratorio Pacífico']);
    expect(await names({ examIds: [ids.hemograma], orderBy: 'total' })).toEqual(['Laboratorio Pacífico', 'Laboratorio Andes', 'Clínica Costa']);
  });

  it('leaves out unauthorized prices and laboratories of companies not approved', async () => {
    expect(await names({ examIds: [ids.tsh] })).toEqual([]);
    expect(await names({ examIds: [ids.hemograma] })).not.toContain('Laboratorio Oculto');
  });

  it('lists, when browsing without exams, only the branches that publish a price', async () => {
    expect(await names({ comunaId: ids.providencia })).toEqual(['Laboratorio Andes', 'Laboratorio Pacífico']);
    expect((await index.search(query({ comunaId: ids.providencia }))).total).toBe(2);
  });

  describe('what the patient pays', () => {
    // A line's figures, without when its price was confirmed (a fact of the write model, checked in price-freshness.cases.ts).
    const priced = ({ confirmedOn: _, stale: __, ...line }: ExamQuote) => line;
    const order = () => [mle.glucosa, mle.creatinina, mle.noMle];
    const quoteOf = async (laboratoryId: number, coverage: QuoteQuery['coverage']) => (await index.search(query({ examIds: order(), laboratoryId, coverage }))).items[0];
    const fonasa = { kind: 'FONASA', mle: true } as const;

    it('charges FONASA tramos B to D the bono copay of the branch level, whatever the private price above it', async () => {
      // Level 1: glucosa priced at the arancel, creatinina between copay and arancel, an exam without MLE values.
      expect(await quoteOf(mle.uno, fonasa)).toMatchObject({
        exams: [
          { examId: mle.creatinina, price: 1000, copay: 680, coverage: 690, payment: 'BONO', privateCheaper: false },
          { examId: mle.glucosa, price: 1280, copay: 640, coverage: 640, payment: 'BONO', privateCheaper: false },
          { examId: mle.noMle, price: 3000, copay: 3000, coverage: 0, payment: 'PRIVATE', privateCheaper: false },
        ].sort((a, b) => a.examId - b.examId), // the lines come ordered by exam id
        total: 5280, coverage: 1330, copay: 4320, bonoCopay: 1320, privateCopay: 3000, offersAll: true,
      });
      // Level 3: glucosa priced exactly at the copay (the bono, FONASA still pays its part), creatinina at the arancel.
      expect(await quoteOf(mle.tres, fonasa)).toMatchObject({ total: 3600, copay: 2910, bonoCopay: 2910, privateCopay: 0, coverage: 1330 });
    });

    it('charges the private price where it is lower than the bono copay, and says so', async () => {
      const dos = await quoteOf(mle.dos, fonasa);
      expect(priced(dos.exams.find((e) => e.examId === mle.glucosa)!)).toEqual({ examId: mle.glucosa, price: 900, copay: 900, coverage: 0, payment: 'PRIVATE', privateCheaper: true });
      expect(priced(dos.exams.find((e) => e.examId === mle.creatinina)!)).toEqual({ examId: mle.creatinina, price: 5000, copay: 1090, coverage: 690, payment: 'BONO', privateCheaper: false });
      expect(dos).toMatchObject({ total: 5900, copay: 1990, bonoCopay: 1090, privateCopay: 900, missingExamIds: [mle.noMle] });
    });

    it('charges the private price at a branch outside the MLE or without FONASA', async () => {
      expect(await quoteOf(mle.sinNivel, fonasa)).toMatchObject({ fonasaLevel: null, total: 1500, copay: 1500, bonoCopay: 0, coverage: 0 });
      expect(await quoteOf(mle.sinFonasa, fonasa)).toMatchObject({ total: 1700, copay: 1700, bonoCopay: 0, coverage: 0 });
    });

    it('charges FONASA tramo A and a patient without insurer the private price', async () => {
      for (const coverage of [{ kind: 'FONASA', mle: false } as const, { kind: 'NONE' } as const]) {
        expect(await quoteOf(mle.uno, coverage)).toMatchObject({ total: 5280, coverage: 0, copay: 5280, bonoCopay: 0, privateCopay: 5280 });
      }
    });

    it('covers an Isapre plan percentage of each private price, rounded per exam', async () => {
      const isapre = await quoteOf(mle.uno, { kind: 'PERCENT', percentage: 70 });
      const line = (examId: number) => isapre.exams.find((e) => e.examId === examId);
      expect(priced(line(mle.glucosa)!)).toEqual({ examId: mle.glucosa, price: 1280, coverage: 896, copay: 384, payment: 'PRIVATE', privateCheaper: false });
      expect(line(mle.creatinina)).toMatchObject({ price: 1000, coverage: 700, copay: 300 });
      expect(line(mle.noMle)).toMatchObject({ price: 3000, coverage: 2100, copay: 900 });
      expect(isapre).toMatchObject({ total: 5280, coverage: 3696, copay: 1584 });
    });

    it("bounds an Isapre plan's share of each exam by its cap, and says where the cap bit", async () => {
      const capped = await quoteOf(mle.uno, { kind: 'PERCENT', percentage: 70, cap: 800 });
      const line = (examId: number) => capped.exams.find((e) => e.examId === examId);
      // 70 % of 1.280 is 896, above the cap: the plan covers 800; 70 % of 1.000 is 700, below it: untouched.
      expect(priced(line(mle.glucosa)!)).toEqual({ examId: mle.glucosa, price: 1280, coverage: 800, copay: 480, payment: 'PRIVATE', privateCheaper: false, capped: true });
      expect(priced(line(mle.creatinina)!)).toEqual({ examId: mle.creatinina, price: 1000, coverage: 700, copay: 300, payment: 'PRIVATE', privateCheaper: false });
      expect(line(mle.noMle)).toMatchObject({ price: 3000, coverage: 800, copay: 2200, capped: true });
      expect(capped).toMatchObject({ total: 5280, coverage: 2300, copay: 2980, toPay: 2980 });
    });

    it('orders by what the patient pays, the whole order first', async () => {
      const result = await index.search(query({ examIds: order(), comunaId: mle.temuco, coverage: fonasa, orderBy: 'copay' }));
      expect(result.items.map((i) => [i.identifierName, i.copay])).toEqual([
        ['MLE Nivel Uno', 4320],
        ['Fuera del MLE', 1500],
        ['Sin Convenio FONASA', 1700],
        ['MLE Nivel Dos', 1990],
        ['MLE Nivel Tres', 2910],
      ]);
    });
  });

  describe("the visit's fees", () => {
    // In Valdivia, apart from every other case. FONASA 2026 arancel of the sample takings, levels 1 / 2 / 3:
    // 03-07-011 venosa adultos 910 / 1.180 / 1.460, copay 450 / 720 / 1.000; 03-07-012 niños 830 / 1.080 / 1.330, copay 410 / 660 / 910.
    const venous = { kind: 'VENOUS', bono: { arancel: [910, 1180, 1460], copay: [450, 720, 1000] } } as const;
    const pediatric = { kind: 'PEDIATRIC', bono: { arancel: [830, 1080, 1330], copay: [410, 660, 910] } } as const;
    const fees = { conCobro: 0, cobroBajo: 0, sinCobro: 0, soloRecargo: 0, valdivia: 0 };

    beforeAll(async () => {
      const valdivia = await prisma.location.findFirstOrThrow({ where: { name: 'Valdivia', kind: 'COMUNA' } });
      const at = async (name: string, level: number | null, prices: [number, number][], charged: { kind: 'VENOUS' | 'PEDIATRIC' | 'AFTER_HOURS'; amount: number }[]) => {
        const company = await prisma.company.findFirstOrThrow({ where: { status: 'APPROVED' } });
        const created = await prisma.laboratory.create({ data: { companyId: company.id, identifierName: name, addressLine1: 'Picarte 100', comunaId: valdivia.id, fonasaLevel: level } });
        await prisma.laboratoryExam.createMany({ data: prices.map(([examId, price]) => ({ laboratoryId: created.id, examId, price, status: 'AUTHORIZED' as const })) });
        await prisma.laboratoryInsurer.createMany({ data: [{ laboratoryId: created.id, insurerId: ids.fonasa }] });
        await prisma.laboratoryFee.createMany({ data: charged.map((f) => ({ laboratoryId: created.id, ...f, ...(f.kind === 'AFTER_HOURS' && { startsAt: '18:00', endsAt: '21:00' }) })) });
        return created.id;
      };
      fees.valdivia = valdivia.id;
      fees.conCobro = await at('Valdivia Con Cobro', 2, [[mle.glucosa, 3000], [mle.creatinina, 3000]], [{ kind: 'VENOUS', amount: 2500 }, { kind: 'PEDIATRIC', amount: 3500 }]);
      fees.cobroBajo = await at('Valdivia Cobro Bajo', 3, [[mle.glucosa, 3200], [mle.creatinina, 3200]], [{ kind: 'VENOUS', amount: 600 }]);
      fees.sinCobro = await at('Valdivia Sin Cobro', null, [[mle.glucosa, 3600], [mle.creatinina, 3600]], []);
      fees.soloRecargo = await at('Valdivia Solo Recargo', null, [[mle.glucosa, 3700], [mle.creatinina, 3700]], [{ kind: 'AFTER_HOURS', amount: 3000 }]);
      await index.reindexLaboratories([fees.conCobro, fees.cobroBajo, fees.sinCobro, fees.soloRecargo]);
    });

    const quoteAt = async (laboratoryId: number, over: Partial<QuoteQuery> = {}) =>
      (await index.search(query({ examIds: [mle.glucosa, mle.creatinina], laboratoryId, visitFees: [venous], ...over }))).items[0];

    it('adds the sample taking once per visit, whatever the number of exams, to what the patient pays and not to the exams\' sums', async () => {
      expect(await quoteAt(fees.conCobro)).toMatchObject({ total: 6000, copay: 6000, fees: [{ kind: 'VENOUS', amount: 2500, copay: 2500 }], toPay: 8500 });
      // A branch that charges nothing apart, and one that charges only after hours (the patient chooses when to go).
      expect(await quoteAt(fees.sinCobro)).toMatchObject({ total: 7200, fees: [], toPay: 7200 });
      expect(await quoteAt(fees.soloRecargo)).toMatchObject({ total: 7400, fees: [], toPay: 7400 });
      // An order whose samples are all brought by the patient needs no sample taking.
      expect(await quoteAt(fees.conCobro, { visitFees: [] })).toMatchObject({ fees: [], toPay: 6000 });
    });

    it('covers the fee with a FONASA bono at the branch level, unless the fee is below the bono copay; an Isapre covers its percentage', async () => {
      const fonasa = { kind: 'FONASA', mle: true } as const;
      // Level 2: 03-07-011 copay 720 of a $2.500 fee.
      expect((await quoteAt(fees.conCobro, { coverage: fonasa })).fees).toEqual([{ kind: 'VENOUS', amount: 2500, copay: 720 }]);
      // Level 3: the copay (1.000) is above the fee ($600): the fee is paid privately.
      expect((await quoteAt(fees.cobroBajo, { coverage: fonasa })).fees).toEqual([{ kind: 'VENOUS', amount: 600, copay: 600 }]);
      const isapre = await quoteAt(fees.conCobro, { coverage: { kind: 'PERCENT', percentage: 70 } });
      expect(isapre).toMatchObject({ copay: 1800, fees: [{ kind: 'VENOUS', amount: 2500, copay: 750 }], toPay: 2550 });
      // A branch that does not take the previsión charges it privately, as its exams.
      const elsewhere = await quoteAt(fees.conCobro, { coverage: { kind: 'PERCENT', percentage: 70 }, insurerIds: [ids.banmedica] });
      expect(elsewhere).toMatchObject({ acceptsInsurer: false, fees: [{ kind: 'VENOUS', amount: 2500, copay: 2500 }], toPay: 8500 });
    });

    it("quotes a child's pediatric sample taking where the branch charges one, and its venous one otherwise", async () => {
      expect((await quoteAt(fees.conCobro, { visitFees: [pediatric, venous], coverage: { kind: 'FONASA', mle: true } })).fees).toEqual([{ kind: 'PEDIATRIC', amount: 3500, copay: 660 }]);
      expect((await quoteAt(fees.cobroBajo, { visitFees: [pediatric, venous] })).fees).toEqual([{ kind: 'VENOUS', amount: 600, copay: 600 }]);
    });

    it('orders by what the patient pays in all, fees included', async () => {
      // Elasticsearch orders by the exams' part only (docs/decisions.md, "The whole visit"): PostgreSQL, the default, is exact.
      if (index.kind !== 'postgres') return;
      const result = await index.search(query({ examIds: [mle.glucosa, mle.creatinina], comunaId: fees.valdivia, visitFees: [venous], orderBy: 'toPay' }));
      expect(result.items.map((i) => [i.identifierName, i.copay, i.toPay])).toEqual([
        ['Valdivia Cobro Bajo', 6400, 7000],
        ['Valdivia Sin Cobro', 7200, 7200],
        ['Valdivia Solo Recargo', 7400, 7400],
        ['Valdivia Con Cobro', 6000, 8500],
      ]);
    });
  });

  it('finds the branches an order could be split between, only where the search looks', async () => {
    const osorno = await prisma.location.findFirstOrThrow({ where: { name: 'Osorno', kind: 'COMUNA' } });
    const company = await prisma.company.findFirstOrThrow({ where: { status: 'APPROVED' } });
    const at = async (name: string, prices: [number, number][]) => {
      const created = await prisma.laboratory.create({ data: { companyId: company.id, identifierName: name, addressLine1: 'Ramírez 1', comunaId: osorno.id } });
      await prisma.laboratoryExam.createMany({ data: prices.map(([examId, price]) => ({ laboratoryId: created.id, examId, price, status: 'AUTHORIZED' as const })) });
      return created.id;
    };
    const glucosaBarata = await at('Osorno Glucosa Barata', [[mle.glucosa, 2000], [mle.creatinina, 30000]]);
    const creatininaBarata = await at('Osorno Creatinina Barata', [[mle.creatinina, 3000]]);
    const entera = await at('Osorno Orden Entera', [[mle.glucosa, 20000], [mle.creatinina, 20000]]);
    await index.reindexLaboratories([glucosaBarata, creatininaBarata, entera]);
    const candidatesAt = async (comunaId: number) => (await index.search(query({ examIds: [mle.glucosa, mle.creatinina], comunaId, withSplitCandidates: true }))).splitCandidates;
    const candidates = await candidatesAt(osorno.id);
    // Elasticsearch offers no split (docs/decisions.md, "The whole visit").
    if (!candidates) return;
    expect(candidates.map((c) => [c.identifierName, c.lines.map((l) => [l.examId, l.pays])])).toEqual([
      ['Osorno Glucosa Barata', [[mle.glucosa, 2000], [mle.creatinina, 30000]].sort((a, b) => a[0] - b[0])],
      ['Osorno Creatinina Barata', [[mle.creatinina, 3000]]],
      ['Osorno Orden Entera', [[mle.glucosa, 20000], [mle.creatinina, 20000]].sort((a, b) => a[0] - b[0])],
    ]);
    const offer = bestSplit(candidates, [mle.glucosa, mle.creatinina], () => [], { kind: 'NONE' });
    // The cheapest whole order is 32.000 (2.000 + 30.000), not 40.000: the split saves 27.000 against it.
    expect(offer).toMatchObject({ toPay: 5000, saving: 27000, single: { laboratoryId: glucosaBarata, toPay: 32000 } });
    expect(offer!.visits.map((v) => [v.laboratoryId, v.examIds])).toEqual([[glucosaBarata, [mle.glucosa]], [creatininaBarata, [mle.creatinina]]]);
    // Elsewhere (Temuco), none of Osorno's branches.
    expect((await candidatesAt(mle.temuco))!.map((c) => c.identifierName)).not.toContain('Osorno Orden Entera');
    // Not asked for, not answered.
    expect((await index.search(query({ examIds: [mle.glucosa, mle.creatinina], comunaId: osorno.id }))).splitCandidates).toBeUndefined();
  });

  it('applies an Isapre plan percentage and orders by the resulting copay', async () => {
    const result = await index.search(query({ examIds: [ids.hemograma, ids.lipidos], coverage: { kind: 'PERCENT', percentage: 70 }, orderBy: 'copay' }));
    expect(result.items.map((i) => [i.identifierName, i.coverage, i.copay])).toEqual([
      ['Clínica Costa', 7700, 3300],
      ['Laboratorio Andes', 9100, 3900],
      ['Laboratorio Pacífico', 1750, 750],
    ]);
  });

  it('filters by comuna, with or without its neighbours, by region and by insurer', async () => {
    expect(await names({ examIds: [ids.hemograma], comunaId: ids.providencia })).toEqual(['Laboratorio Andes', 'Laboratorio Pacífico']);
    expect(await names({ examIds: [ids.hemograma], comunaId: ids.providencia, withNearLocations: true })).toEqual(['Clínica Costa', 'Laboratorio Andes', 'Laboratorio Pacífico']);
    expect(await names({ regionId: ids.region })).toEqual(['Clínica Costa', 'Laboratorio Andes', 'Laboratorio Pacífico']);
  });

  it('lists branches that do not take the previsión after those that do, at private prices, and says so', async () => {
    const isapre = await index.search(query({ examIds: [ids.hemograma, ids.lipidos], insurerIds: [ids.banmedica], coverage: { kind: 'PERCENT', percentage: 70 }, orderBy: 'copay' }));
    expect(isapre.items.map((i) => [i.identifierName, i.acceptsInsurer, i.copay, i.coverage])).toEqual([
      ['Clínica Costa', true, 3300, 7700],
      ['Laboratorio Andes', true, 3900, 9100],
      // Offers only hemograma and takes no Banmédica: all of it, privately.
      ['Laboratorio Pacífico', false, 2500, 0],
    ]);
    expect(isapre.total).toBe(3);
    // FONASA (tramo B–D): Costa takes none, comes last with its whole order at private prices and no bono.
    const fonasa = await index.search(query({ examIds: [ids.hemograma, ids.lipidos], insurerIds: [ids.fonasa], coverage: { kind: 'FONASA', mle: true } }));
    expect(fonasa.items.map((i) => [i.identifierName, i.acceptsInsurer])).toEqual([['Laboratorio Andes', true], ['Laboratorio Pacífico', true], ['Clínica Costa', false]]);
    expect(fonasa.items[2]).toMatchObject({ copay: 11000, bonoCopay: 0, coverage: 0 });
    expect(fonasa.items[2].exams.every((e) => e.payment === 'PRIVATE')).toBe(true);
    // Without exams too.
    expect((await index.search(query({ insurerIds: [ids.banmedica], regionId: ids.region }))).items.map((i) => [i.identifierName, i.acceptsInsurer])).toEqual([
      ['Clínica Costa', true], ['Laboratorio Andes', true], ['Laboratorio Pacífico', false],
    ]);
    expect((await index.search(query({ examIds: [ids.hemograma] }))).items.every((i) => i.acceptsInsurer === null)).toBe(true);
  });

  it('lists the same laboratories with FONASA, with an Isapre and with no previsión, in every comuna', async () => {
    const set = async (q: Partial<QuoteQuery>) => (await index.search(query({ perPage: 50, ...q }))).items.map((i) => i.laboratoryId).sort((a, b) => a - b);
    const orders = [[ids.hemograma], [ids.hemograma, ids.lipidos], [mle.glucosa, mle.creatinina], []];
    for (const comunaId of [ids.providencia, ids.nunoa, mle.temuco]) {
      for (const withNearLocations of [false, true]) {
        for (const examIds of orders) {
          const none = await set({ examIds, comunaId, withNearLocations });
          expect(await set({ examIds, comunaId, withNearLocations, insurerIds: [ids.fonasa], coverage: { kind: 'FONASA', mle: true } })).toEqual(none);
          expect(await set({ examIds, comunaId, withNearLocations, insurerIds: [ids.banmedica], coverage: { kind: 'PERCENT', percentage: 70 } })).toEqual(none);
        }
      }
    }
    expect(await set({ examIds: [ids.hemograma], comunaId: ids.providencia })).toHaveLength(2);
  });

  it('measures the distance from the chosen comuna and orders by it ("Más cercano")', async () => {
    const origin = { lat: -33.4314, lng: -70.6093 }; // Providencia
    const result = await index.search(query({ examIds: [ids.hemograma], origin, orderBy: 'distance' }));
    const distances = result.items.map((i) => i.distanceKm);
    expect(distances.every((d) => d !== null && d >= 0)).toBe(true);
    expect([...distances].sort((a, b) => a! - b!)).toEqual(distances);
    // Temuco's branches are some 600 km south; Providencia's and Ñuñoa's a few km away.
    const temuco = await index.search(query({ examIds: [mle.glucosa], origin, orderBy: 'distance' }));
    expect(temuco.items[0].distanceKm).toBeGreaterThan(500);
    expect(result.items[0].distanceKm).toBeLessThan(10);
    expect((await index.search(query({ examIds: [ids.hemograma] }))).items[0].distanceKm).toBeNull();
  });

  it('matches any value within an attribute type and every type given; names without accents', async () => {
    const servicios = [ids.domicilio, ids.sabado];
    expect(await names({ filterValueIds: [servicios] })).toEqual(['Clínica Costa', 'Laboratorio Andes', 'Laboratorio Pacífico']);
    expect(await names({ filterValueIds: [[ids.domicilio], [ids.sabado]] })).toEqual(['Clínica Costa']);
    expect(await names({ laboratoryName: 'pacifico' })).toEqual(['Laboratorio Pacífico']);
    expect(await names({ laboratoryName: '%' })).toEqual([]);
  });

  it('adds comunas to the chosen one without replacing it', async () => {
    expect(await names({ examIds: [ids.hemograma], comunaId: ids.providencia, addedComunaIds: [ids.nunoa] })).toEqual(['Clínica Costa', 'Laboratorio Andes', 'Laboratorio Pacífico']);
    expect(await names({ examIds: [ids.hemograma], comunaId: ids.nunoa, addedComunaIds: [mle.temuco] })).toEqual(['Clínica Costa']);
  });

  it('counts the comuna facet within the neighbourhood of the chosen comuna, never the far comunas', async () => {
    // Temuco's branches have glucosa; a search in Providencia does not count them, whatever the region given.
    const result = await index.search(query({ examIds: [mle.glucosa, ids.hemograma], comunaId: ids.providencia, regionId: ids.region }));
    expect(result.facets.comunas.map((c) => c.name).sort()).toEqual(['Providencia', 'Ñuñoa']);
  });

  it('counts facets over the results, and comunas across the region', async () => {
    const result = await index.search(query({ examIds: [ids.hemograma], comunaId: ids.providencia, regionId: ids.region }));
    expect(result.facets.comunas).toEqual(expect.arrayContaining([{ id: ids.providencia, count: 2, name: 'Providencia' }, { id: ids.nunoa, count: 1, name: 'Ñuñoa' }]));
    expect(result.facets.insurers).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.fonasa, count: 2 }), expect.objectContaining({ id: ids.banmedica, count: 1 })]));
    expect(result.facets.filterValues).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.domicilio, count: 1, name: 'Toma de muestra a domicilio' })]));
  });

  it('pages the results', async () => {
    const second = await index.search(query({ examIds: [ids.hemograma], perPage: 2, currentPage: 2 }));
    expect(second).toMatchObject({ total: 3, lastPage: 2, currentPage: 2 });
    expect(second.items).toHaveLength(1);
    expect((await index.search(query({ examIds: [ids.hemograma], perPage: 2, currentPage: 5 }))).total).toBe(3);
  });

  it('at home: only the branches whose collection reaches the comuna, wherever they are, with their fee in the quote', async () => {
    // Costa is in Ñuñoa but goes to Providencia; Pacífico (Providencia) takes no samples at home.
    const home = { laboratoryIds: [labs.andes, labs.costa], fees: [4990, 6990] };
    const result = await index.search(query({ examIds: [ids.hemograma], comunaId: ids.providencia, regionId: ids.region, homeCollection: home, orderBy: 'total' }));
    expect(result.items.map((i) => [i.identifierName, i.homeFee, i.total, i.copay])).toEqual([
      ['Laboratorio Andes', 4990, 4000 + 4990, 4000 + 4990],
      ['Clínica Costa', 6990, 5000 + 6990, 5000 + 6990],
    ]);
    expect(result.total).toBe(2);
    expect(result.items[0].privateCopay).toBe(4000);
    // Without asking for it, nothing is added.
    expect((await index.search(query({ examIds: [ids.hemograma], laboratoryId: labs.andes }))).items[0]).toMatchObject({ total: 4000 });
    expect((await index.search(query({ examIds: [ids.hemograma], laboratoryId: labs.andes }))).items[0].homeFee).toBeUndefined();
  });

  it('follows the write model when a laboratory is reindexed, and drops it when it stops being quotable', async () => {
    await prisma.laboratoryExam.updateMany({ where: { laboratoryId: labs.costa, examId: ids.hemograma }, data: { price: 100 } });
    await index.reindexLaboratories([labs.costa]);
    expect((await index.search(query({ examIds: [ids.hemograma], orderBy: 'total' }))).items[0]).toMatchObject({ identifierName: 'Clínica Costa', total: 100 });
    await prisma.laboratory.update({ where: { id: labs.costa }, data: { isActive: false } });
    await index.reindexLaboratories([labs.costa, labs.costa]);
    expect(await names({ examIds: [ids.hemograma] })).not.toContain('Clínica Costa');
  });

  it('indexes the same laboratories and prices in both adapters: one rule of what can be quoted (quotable.ts)', async () => {
    // Among them an inactive branch, a pending company's and prices not authorized: the rule has something to leave out.
    const all = (await prisma.laboratory.findMany({ select: { id: true } })).map((l) => l.id);
    await new PostgresSearchIndex(prisma).reindexAll();
    const projected = await prisma.$queryRaw<{ laboratory_id: number; exams: number[] }[]>`
      SELECT s.laboratory_id, coalesce(array_agg(p.exam_id ORDER BY p.exam_id) FILTER (WHERE p.exam_id IS NOT NULL), '{}') AS exams
      FROM search_laboratory s LEFT JOIN search_laboratory_exam p ON p.laboratory_id = s.laboratory_id GROUP BY 1 ORDER BY 1`;
    const documents = await readLaboratoryDocuments(prisma, all);
    expect(documents.map((d) => ({ laboratory_id: d.laboratoryId, exams: d.exams.map((e) => e.examId) }))).toEqual(projected);
    expect(projected.length).toBeLessThan(all.length);
  });

  it('takes a confirmed list\'s dates: a price months old is stale until its laboratory confirms it (PostgreSQL keeps the dates)', async () => {
    const postgres = new PostgresSearchIndex(prisma);
    const line = async () => (await postgres.search(query({ examIds: [ids.hemograma], laboratoryId: labs.andes }))).items[0].exams[0];
    await prisma.laboratoryExam.updateMany({ where: { laboratoryId: labs.andes }, data: { confirmedAt: new Date('2026-03-02T02:00:00Z') } });
    await postgres.reindexPrices(labs.andes, [ids.hemograma]);
    expect(await line()).toMatchObject({ confirmedOn: '2026-03-01', stale: true });
    await prisma.laboratoryExam.updateMany({ where: { laboratoryId: labs.andes }, data: { confirmedAt: new Date() } });
    // Confirming changes no price: only confirmPrices brings the new date into the search.
    expect(await line()).toMatchObject({ stale: true });
    await postgres.confirmPrices(labs.andes);
    expect((await line()).stale).toBeUndefined();
    await postgres.close();
  });
});
