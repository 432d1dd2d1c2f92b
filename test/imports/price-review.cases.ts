import type { ImportPreviewRow } from '../../src/contracts/imports';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { bearer, csv, finished, upload } from './import-helpers';

const ROUTE = '/api/laboratory-exam-import';

/**
 * Issue 27, item 2: the review catches a mistake before it is public. Each price row shows the price it sets beside
 * the current one, FONASA's arancel and the region's median; a price far from the market, below the bono copay or
 * moving more than 50 % is flagged (new prices too), can be left out when confirming, and the result says how many
 * prices wait for an administrator.
 */
describe('the price import’s review (dry run, exclusions, what waits for authorization)', () => {
  let t: TestApp;
  let provider: string;
  let branch: number;
  let hemograma: { id: number; code: string; fonasaPriceLevel1: number | null; fonasaCopayLevel1: number | null };
  let glucosa: { id: number; code: string; fonasaCopayLevel1: number | null };
  let creatinina: { id: number; code: string };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = async (rut: string, tradeName: string) => (await t.http.post('/api/company').set(bearer(admin)).send({ rut, legalName: `${tradeName} SpA`, tradeName })).body.data.id as number;
    const [mine, others] = [await company('76.086.428-5', 'Revisa Sur'), await company('77.312.560-0', 'Mercado Austral')];
    provider = (await createProvider(t, admin, mine, 'prv@revisa-sur.cl', 'clave-revisa-sur-1')).token;
    const select = { id: true, code: true, fonasaPriceLevel1: true, fonasaCopayLevel1: true } as const;
    [hemograma, glucosa, creatinina] = await Promise.all(['0301045', '0302047', '0302023'].map((code) => t.prisma.exam.findUniqueOrThrow({ where: { code }, select })));
    // A region of its own for the market: three branches of another company charge 6.000, 6.500 and 7.000 for the hemograma.
    const porvenir = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Porvenir' } });
    expect(await t.prisma.laboratoryExam.count({ where: { examId: hemograma.id, laboratory: { comuna: { parentId: porvenir.parentId } } } })).toBe(0);
    for (const price of [6000, 6500, 7000]) {
      await t.prisma.laboratory.create({ data: { companyId: others, identifierName: `Austral ${price}`, addressLine1: 'Calle 1', comunaId: porvenir.id, exams: { create: { examId: hemograma.id, price, status: 'AUTHORIZED' } } } });
    }
    // The company's branch takes the FONASA bono at level 1.
    const fonasa = await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'fonasa_b' } });
    branch = (await t.prisma.laboratory.create({
      data: { companyId: mine, identifierName: 'Revisa Porvenir', addressLine1: 'Calle 2', comunaId: porvenir.id, branchCode: 'SUC-R1', fonasaLevel: 1, insurers: { create: { insurerId: fonasa.id } } },
    })).id;
  }, 120_000);
  afterAll(() => t.close());

  it('flags an extra zero and a price below the bono copay, new prices too, beside the arancel and the region’s median', async () => {
    const belowCopay = glucosa.fonasaCopayLevel1! - 1;
    const file = csv([
      ['codigo_sucursal', 'codigo_fonasa', 'precio'],
      ['SUC-R1', hemograma.code, '65000'],
      ['SUC-R1', glucosa.code, String(belowCopay)],
      ['SUC-R1', creatinina.code, '3500'],
    ]);
    const answer = await upload(t, provider, ROUTE, file, 'lista.csv');
    expect(answer.data.import.summary).toMatchObject({ rows: 3, toCreate: 3, flagged: 2, largePriceChanges: 0 });
    const byRow = Object.fromEntries(answer.data.preview.map((r: ImportPreviewRow) => [r.row, r]));
    expect(byRow[2]).toMatchObject({
      status: 'CREATE', price: { previous: null, next: 65000 }, excluded: false,
      review: { fonasaArancel: hemograma.fonasaPriceLevel1, regionMedian: 6500, flags: ['FAR_FROM_MARKET'] },
    });
    expect(byRow[3]).toMatchObject({ price: { previous: null, next: belowCopay }, review: { regionMedian: null, flags: ['BELOW_BONO_COPAY'] } });
    expect(byRow[4].review?.flags).toEqual([]);

    // The flagged rows alone, as the review screen lists them.
    const flagged = await t.http.post(`/api/imports/${answer.data.import.id}/rows/search`).set(bearer(provider)).send({ flagged: true });
    expect(flagged.body.data.items.map((r: ImportPreviewRow) => r.row)).toEqual([2, 3]);
  });

  it('leaves out the rows the person excludes, refuses to exclude what is not a price it would set, and says what waits for authorization', async () => {
    const file = csv([
      ['codigo_sucursal', 'codigo_fonasa', 'precio'],
      ['SUC-R1', hemograma.code, '65000'],
      ['SUC-R1', creatinina.code, '3500'],
      ['SUC-R1', '9999999', '1000'],
    ]);
    const { data } = await upload(t, provider, ROUTE, file, 'lista.csv');
    const confirm = (body: object) => t.http.post(`/api/imports/${data.import.id}/confirm`).set(bearer(provider)).send(body).then((r) => r.body);
    // Row 4 is an error (unknown code), row 9 is not in the file.
    for (const rows of [[4], [9]]) {
      expect(await confirm({ excludeRows: rows })).toMatchObject({ code: 400, errors: { excludeRows: [expect.stringContaining('Solo puedes dejar fuera filas')] } });
    }
    expect(await confirm({ excludeRows: [2, 3] })).toMatchObject({ code: 422, error: 'IMPORT.NOTHING_TO_IMPORT' });

    expect(await confirm({ excludeRows: [2] })).toMatchObject({ code: 200, data: { status: 'QUEUED' } });
    const job = await finished(t, provider, data.import.id);
    expect(job).toMatchObject({ status: 'COMPLETED', result: { created: 1, updated: 0, failed: 1, excluded: 1, pendingAuthorization: 1 } });
    expect(await t.prisma.laboratoryExam.findFirst({ where: { laboratoryId: branch, examId: hemograma.id } })).toBeNull();
    expect(await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: branch, examId: creatinina.id } })).toMatchObject({ price: 3500, status: 'PENDING' });
    const rows = await t.http.post(`/api/imports/${data.import.id}/rows/search`).set(bearer(provider)).send({});
    expect(rows.body.data.items.map((r: ImportPreviewRow) => [r.row, r.excluded])).toEqual([[2, true], [3, false], [4, false]]);

    // The laboratory is told how it ended, with what waits for an administrator (issue 27, item 3).
    const mail = await waitForMail(t.dataDir, 'prv@revisa-sur.cl', 'Importación terminada: lista.csv');
    expect(mail.text).toContain('Terminó la importación de precios de Revisa Sur desde «lista.csv».');
    expect(mail.text).toMatch(/Nuevas · 1\n.*Con errores, no importadas · 1\n.*Excluidas en la revisión · 1/s);
    expect(mail.text).toContain('1 precio espera la autorización de un administrador');
    expect(mail.text).toContain(`/app/imports/view/${data.import.id}`);
    expect(mail.html).toContain('Ver precios por autorizar');
  });

  it('flags a change beyond 50 % of the branch’s current price', async () => {
    // The creatinina's price is 3.500 since the import before.
    const { data } = await upload(t, provider, ROUTE, csv([['codigo_sucursal', 'codigo_fonasa', 'precio'], ['SUC-R1', creatinina.code, '35000']]), 'lista.csv');
    expect(data.preview[0]).toMatchObject({ status: 'UPDATE', price: { previous: 3500, next: 35000 }, largePriceChange: true, review: { flags: ['LARGE_CHANGE'] } });
  });
});
