import { PrismaService } from '../../src/platform/database/prisma.service';
import { ElasticsearchSearchIndex } from '../../src/modules/search/infrastructure/elasticsearch-search-index';
import { PostgresSearchIndex } from '../../src/modules/search/infrastructure/postgres-search-index';
import type { QuoteQuery, SearchIndex } from '../../src/modules/search';
import { seedDatabase } from '../../src/cli/seed/seed';
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
    const lab = async (name: string, comunaId: number, fonasaLevel: number, prices: [number, number][], insurers: number[], values: number[], companyId = company.id) => {
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
    labs.costa = await lab('Clínica Costa', nunoa.id, 2, [[hemograma.id, 5000], [lipidos.id, 6000]], [banmedica.id], [domicilio.id, sabado.id]);
    await lab('Laboratorio Oculto', providencia.id, 1, [[hemograma.id, 10]], [fonasa.id], [], pending.id);
    await prisma.laboratoryExam.create({ data: { laboratoryId: labs.pacifico, examId: tsh.id, price: 7000, status: 'PENDING' } });
    index = makeIndex(prisma);
    await index.reindexAll();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  const query = (overrides: Partial<QuoteQuery>): QuoteQuery => ({
    examIds: [], withNearLocations: false, coverage: { kind: 'NONE' }, filterValueIds: [], orderBy: 'identifierName', orderSort: 'asc', currentPage: 1, perPage: 10, ...overrides,
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

  it('estimates the FONASA copay from the MLE arancel at the laboratory level, never above the price', async () => {
    const exam = await prisma.exam.findUniqueOrThrow({ where: { id: ids.hemograma } });
    const result = await index.search(query({ examIds: [ids.hemograma], laboratoryId: labs.andes, coverage: { kind: 'FONASA', mle: true } }));
    const covered = exam.fonasaPriceLevel1! - exam.fonasaCopayLevel1!;
    expect(result.items[0].exams[0]).toEqual({ examId: ids.hemograma, price: 4000, coverage: covered, copay: 4000 - covered });
    const cheap = await index.search(query({ examIds: [ids.hemograma], laboratoryId: labs.pacifico, coverage: { kind: 'FONASA', mle: true } }));
    const coveredAt3 = exam.fonasaPriceLevel3! - exam.fonasaCopayLevel3!;
    expect(cheap.items[0].coverage).toBe(Math.min(2500, coveredAt3));
    const tramoA = await index.search(query({ examIds: [ids.hemograma], laboratoryId: labs.andes, coverage: { kind: 'FONASA', mle: false } }));
    expect(tramoA.items[0]).toMatchObject({ coverage: 0, copay: 4000 });
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
    expect(await names({ examIds: [ids.hemograma], insurerIds: [ids.banmedica] })).toEqual(['Clínica Costa', 'Laboratorio Andes']);
  });

  it('matches any value within an attribute type and every type given; names without accents', async () => {
    const servicios = [ids.domicilio, ids.sabado];
    expect(await names({ filterValueIds: [servicios] })).toEqual(['Clínica Costa', 'Laboratorio Andes', 'Laboratorio Pacífico']);
    expect(await names({ filterValueIds: [[ids.domicilio], [ids.sabado]] })).toEqual(['Clínica Costa']);
    expect(await names({ laboratoryName: 'pacifico' })).toEqual(['Laboratorio Pacífico']);
    expect(await names({ laboratoryName: '%' })).toEqual([]);
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

  it('follows the write model when a laboratory is reindexed, and drops it when it stops being quotable', async () => {
    await prisma.laboratoryExam.updateMany({ where: { laboratoryId: labs.costa, examId: ids.hemograma }, data: { price: 100 } });
    await index.reindexLaboratories([labs.costa]);
    expect((await index.search(query({ examIds: [ids.hemograma], orderBy: 'total' }))).items[0]).toMatchObject({ identifierName: 'Clínica Costa', total: 100 });
    await prisma.laboratory.update({ where: { id: labs.costa }, data: { isActive: false } });
    await index.reindexLaboratories([labs.costa, labs.costa]);
    expect(await names({ examIds: [ids.hemograma] })).not.toContain('Clínica Costa');
  });
});
