import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { SEARCH_INDEX, type SearchIndex } from '../../src/modules/search';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { projectionSettled } from '../support/wait';
import { bearer, catalogueEvents, finished, upload } from './import-helpers';

/** The two real FONASA MLE editions as published (data/reference keeps copies of ../shared/data; 2026 is also the seed's). */
const DATA = join(__dirname, '../../data/reference');
const edition = (file: string) => {
  const bytes = readFileSync(join(DATA, file));
  const rows = parse(bytes, { columns: true }) as Record<string, string>[];
  const int = (v: string) => (v === '' ? null : Number(v));
  const values = new Map(
    rows.map((r) => [
      r.code,
      {
        name: r.name_sentence_case, fonasaYear: Number(r.year),
        fonasaPriceLevel1: int(r.price_level1), fonasaPriceLevel2: int(r.price_level2), fonasaPriceLevel3: int(r.price_level3),
        fonasaCopayLevel1: int(r.copay_level1), fonasaCopayLevel2: int(r.copay_level2), fonasaCopayLevel3: int(r.copay_level3),
      },
    ]),
  );
  return { bytes, values };
};
const FONASA_2025 = edition('fonasa-lab-exams-2025.csv');
const FONASA_2026 = edition('fonasa-lab-exams.csv');
const HEMOGRAMA = '0301045';

describe('loading next year’s FONASA catalogue (POST /api/exam-import)', () => {
  let t: TestApp;
  let admin: string;
  let laboratoryId: number;
  let hemogramaId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 6 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    // A branch at MLE level 2 that takes FONASA tramo C, with an authorized price above any copay: it quotes the bono.
    const companyId = (await t.http.post('/api/company').set(bearer(admin)).send({ rut: '76.086.428-5', legalName: 'Bono Centro SpA', tradeName: 'Bono Centro' })).body.data.id as number;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } })).id;
    const fonasaC = (await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'fonasa_c' } })).id;
    hemogramaId = (await t.prisma.exam.findUniqueOrThrow({ where: { code: HEMOGRAMA } })).id;
    const lab = await t.prisma.laboratory.create({
      data: { companyId, identifierName: 'Laboratorio Bono Centro', addressLine1: 'Irarrázaval 3000', comunaId, fonasaLevel: 2, insurers: { create: [{ insurerId: fonasaC }] }, exams: { create: [{ examId: hemogramaId, price: 50_000, status: 'AUTHORIZED' }] } },
    });
    laboratoryId = lab.id;
    await t.app.get<SearchIndex>(SEARCH_INDEX).reindexLaboratories([laboratoryId]);
  }, 120_000);
  afterAll(() => t.close());

  const catalogue = async () =>
    new Map(
      (await t.prisma.exam.findMany({ select: { code: true, name: true, fonasaYear: true, fonasaPriceLevel1: true, fonasaPriceLevel2: true, fonasaPriceLevel3: true, fonasaCopayLevel1: true, fonasaCopayLevel2: true, fonasaCopayLevel3: true } })).map(
        ({ code, ...values }) => [code, values],
      ),
    );
  const expectCatalogueToBe = async (expected: typeof FONASA_2025.values) => {
    const stored = await catalogue();
    for (const [code, values] of expected) expect({ code, ...stored.get(code) }).toEqual({ code, ...values });
  };
  const hemogramaQuote = async () => {
    await projectionSettled(t.prisma);
    const answer = await t.http.post('/api/laboratory/search').send({ exams: [hemogramaId], laboratoryId, pensionHealtInstitutionId: (await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'fonasa_c' } })).id });
    return answer.body.data.items[0]?.exams[0] as { copay: number; coverage: number; payment: string };
  };

  it('quotes the 2026 bono to begin with (the seed is the 2026 edition)', async () => {
    const v = FONASA_2026.values.get(HEMOGRAMA)!;
    expect(await hemogramaQuote()).toMatchObject({ payment: 'BONO', copay: v.fonasaCopayLevel2, coverage: v.fonasaPriceLevel2! - v.fonasaCopayLevel2! });
  });

  it('loads the 2025 file as FONASA publishes it: every changed value in place, and the quotes follow', async () => {
    const lastEvent = (await t.prisma.outboxEvent.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0n;
    const answer = await upload(t, admin, '/api/exam-import', FONASA_2025.bytes, 'fonasa-lab-exams-2025.csv', { confirm: true });
    expect(answer.code).toBe(200);
    // 442 codes in both editions change values; one 2025 code is not in the 2026 catalogue and is created.
    expect(answer.data.import.summary).toEqual({ rows: 443, toCreate: 1, toUpdate: 442, unchanged: 0, withErrors: 0, largePriceChanges: 0, flagged: 0 });
    expect(await finished(t, admin, answer.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { created: 1, updated: 442, unchanged: 0, failed: 0 }, company: null });
    await expectCatalogueToBe(FONASA_2025.values);
    // One event for the whole chunk, not one per exam (each would re-project every branch offering it).
    expect((await t.prisma.outboxEvent.findMany({ where: { id: { gt: lastEvent } }, orderBy: { id: 'asc' } })).map((e) => e.type)).toEqual(['ExamsImported', 'ImportFinished']);
    const v = FONASA_2025.values.get(HEMOGRAMA)!;
    expect(await hemogramaQuote()).toMatchObject({ payment: 'BONO', copay: v.fonasaCopayLevel2, coverage: v.fonasaPriceLevel2! - v.fonasaCopayLevel2! });
  });

  it('then the 2026 file brings every value back to 2026, and importing it again changes nothing', async () => {
    const answer = await upload(t, admin, '/api/exam-import', FONASA_2026.bytes, 'fonasa-lab-exams.csv', { confirm: true });
    expect(answer.data.import.summary).toMatchObject({ rows: 443, toCreate: 0, toUpdate: 442, unchanged: 1, withErrors: 0 });
    await finished(t, admin, answer.data.import.id);
    await expectCatalogueToBe(FONASA_2026.values);
    const v = FONASA_2026.values.get(HEMOGRAMA)!;
    expect(await hemogramaQuote()).toMatchObject({ payment: 'BONO', copay: v.fonasaCopayLevel2, coverage: v.fonasaPriceLevel2! - v.fonasaCopayLevel2! });

    const events = await catalogueEvents(t);
    const audits = await t.prisma.auditLog.count();
    const again = await upload(t, admin, '/api/exam-import', FONASA_2026.bytes, 'fonasa-lab-exams.csv', { confirm: true });
    expect(again.data.import.summary).toMatchObject({ rows: 443, toCreate: 0, toUpdate: 0, unchanged: 443 });
    expect(await finished(t, admin, again.data.import.id)).toMatchObject({ result: { created: 0, updated: 0, unchanged: 443, failed: 0 } });
    expect(await catalogueEvents(t)).toBe(events);
    expect(await t.prisma.auditLog.count()).toBe(audits);
  });

  it('reports bad catalogue rows in Spanish with their column, and keeps a new exam without a type out', async () => {
    const file = Buffer.from(
      ['codigo;nombre;tipo;sinonimos;precio_nivel1;copago_nivel1', '0399991;Examen nuevo sin tipo;;;1000;500', '0301045;Hemograma;0301;hemograma completo|HMG;-5;100', 'abc;Algo;0301;;1;1', ''].join('\r\n'),
      'utf8',
    );
    const answer = await upload(t, admin, '/api/exam-import', file, 'catalogo.csv', { confirm: true });
    expect(answer.data.import).toMatchObject({ status: 'VALIDATED', summary: { rows: 3, withErrors: 3 }, errorFileUrl: `/api/imports/${answer.data.import.id}/errors.csv` });
    expect(answer.data.canConfirm).toBe(false);
    expect(answer.data.preview.map((r) => r.errors.map((e) => [e.column, e.code]))).toEqual([[['tipo', 'REQUIRED']], [['precio_nivel1', 'NEGATIVE_PRICE']], [['codigo', 'INVALID_VALUE']]]);
    expect((await t.http.post(`/api/imports/${answer.data.import.id}/confirm`).set(bearer(admin)).send({})).body).toMatchObject({ code: 422, error: 'IMPORT.NOTHING_TO_IMPORT' });
  });
});
