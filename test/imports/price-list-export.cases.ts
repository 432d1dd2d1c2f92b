import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { ImportPreviewRow } from '../../src/contracts/imports';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { bearer, finished, upload } from './import-helpers';

const EXPORT = '/api/laboratory-exam-export';
const IMPORT = '/api/laboratory-exam-import';
const HEADER = ['codigo_sucursal', 'id_sucursal', 'codigo_fonasa', 'examen', 'precio'];

describe('downloading a company’s price list and importing it back (GET /api/laboratory-exam-export)', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let narrowed: string;
  let companyA: number;
  let companyB: number;
  let a1: number;
  let a2: number;
  let b1: number;
  let exams: { id: number; code: string; name: string }[];

  /** The file as the browser saves it: its bytes and the name the server gives it. */
  const download = async (token: string, query: string) => {
    const answer = await t.http.get(`${EXPORT}${query}`).set(bearer(token)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const name = /filename\*=UTF-8''([^;]+)/.exec(answer.headers['content-disposition'] ?? '')?.[1];
    return { status: answer.status, type: answer.headers['content-type'] as string, name: name && decodeURIComponent(name), bytes: answer.body as Buffer };
  };
  const errorOf = async (token: string, query: string) => (await t.http.get(`${EXPORT}${query}`).set(bearer(token))).body;
  /** The rows of a CSV as Excel shows them (the BOM and the `;` read as Excel in Chile reads them). */
  const table = (bytes: Buffer) => parse(bytes, { delimiter: ';', bom: true }) as string[][];
  const sheetRows = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { book, rows };
  };
  const line = (code: string, exam: { code: string; name: string }, price: number) => [code, '', exam.code, exam.name, String(price)];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 2 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = async (rut: string, tradeName: string) => (await t.http.post('/api/company').set(bearer(admin)).send({ rut, legalName: `${tradeName} SpA`, tradeName })).body.data.id as number;
    companyA = await company('76.086.428-5', 'Clínica Ñuñoa');
    companyB = await company('77.312.560-0', 'Exporta Sur');
    providerA = (await createProvider(t, admin, companyA, 'prv@exporta-a.cl', 'clave-exporta-a-1')).token;
    const narrowedPerson = await createProvider(t, admin, companyA, 'sucursal@exporta-a.cl', 'clave-exporta-a-2');
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } })).id;
    const branch = async (companyId: number, name: string, branchCode: string, isActive = true) =>
      (await t.prisma.laboratory.create({ data: { companyId, identifierName: name, addressLine1: 'Av. Irarrázaval 100', comunaId, branchCode, fonasaLevel: 1, isActive } })).id;
    // Registered before SUC-001: the file goes by code, not by registration.
    a2 = await branch(companyA, 'Sucursal Dos', 'SUC-002');
    a1 = await branch(companyA, 'Sucursal Uno', 'SUC-001');
    const closed = await branch(companyA, 'Sucursal Cerrada', 'SUC-003', false);
    b1 = await branch(companyB, 'Sucursal de otra empresa', 'SUC-001');
    exams = await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: { code: 'asc' }, take: 7, select: { id: true, code: true, name: true } });
    const price = (laboratoryId: number, exam: number, value: number, status: 'AUTHORIZED' | 'PENDING' | 'REJECTED' = 'AUTHORIZED', isActive = true) =>
      t.prisma.laboratoryExam.create({ data: { laboratoryId, examId: exams[exam].id, price: value, status, isActive } });
    await price(a1, 1, 7000, 'PENDING');
    await price(a1, 0, 5000);
    // Not the laboratory's current prices: rejected, withdrawn, of an exam retired from the catalogue, of a closed branch.
    await price(a1, 2, 3000, 'REJECTED');
    await price(a1, 3, 4000, 'AUTHORIZED', false);
    await price(a1, 6, 8000);
    await t.prisma.exam.update({ where: { id: exams[6].id }, data: { isActive: false } });
    await price(closed, 0, 5200);
    await price(a2, 4, 12000, 'PENDING');
    await price(a2, 0, 5100);
    await price(b1, 0, 9999);
    await price(b1, 5, 1234);
    // A person of company A who manages only SUC-001 (a visibility grant).
    const grant = await t.http.post('/api/person-visibility').set(bearer(admin)).send({ personId: narrowedPerson.personId, companyId: companyA, laboratoryId: a1 });
    expect(grant.body.code).toBe(200);
    narrowed = narrowedPerson.token;
  }, 120_000);
  afterAll(() => t.close());

  const everyBranch = () => [
    HEADER,
    line('SUC-001', exams[0], 5000),
    line('SUC-001', exams[1], 7000),
    line('SUC-002', exams[0], 5100),
    line('SUC-002', exams[4], 12000),
  ];

  it('gives a provider its own current prices only, as the import template, for every branch or for one', async () => {
    const all = await download(providerA, '');
    expect(all.status).toBe(200);
    expect(all.type).toBe('text/csv; charset=utf-8');
    expect(all.name).toMatch(/^lista-de-precios-clinica-nunoa-\d{4}-\d{2}-\d{2}\.csv$/);
    // UTF-8 with a BOM, `;` and CRLF: what Excel in Chile opens as columns, with the template's headers.
    expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(all.bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(HEADER.join(';'));
    const template = await t.http.get('/api/imports/templates/laboratory-exam.csv').set(bearer(providerA));
    expect(table(all.bytes)[0]).toEqual(table(Buffer.from(template.text))[0]);
    expect(table(all.bytes)).toEqual(everyBranch());

    const one = await download(providerA, `?laboratoryId=${a2}&format=csv`);
    expect(one.name).toMatch(/^lista-de-precios-clinica-nunoa-suc-002-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(table(one.bytes)).toEqual([HEADER, line('SUC-002', exams[0], 5100), line('SUC-002', exams[4], 12000)]);

    // Another company's branch or company is not there for this provider; the answer says so in the usual envelope.
    expect(await errorOf(providerA, `?laboratoryId=${b1}`)).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND', message: expect.any(String) });
    expect(await errorOf(providerA, `?companyId=${companyB}`)).toMatchObject({ code: 404, error: 'COMPANY.NOT_FOUND' });
    expect(await errorOf(providerA, '?format=pdf')).toMatchObject({ code: 400, errors: { format: ['El formato es csv o xlsx.'] } });

    // A person narrowed to one branch downloads that branch's prices; the other branch is not there for them.
    expect(table((await download(narrowed, '')).bytes)).toEqual([HEADER, line('SUC-001', exams[0], 5000), line('SUC-001', exams[1], 7000)]);
    expect(await errorOf(narrowed, `?laboratoryId=${a2}`)).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
  });

  it('lets an administrator download any company’s list, naming the company', async () => {
    expect(await errorOf(admin, '')).toMatchObject({ code: 400, errors: { companyId: ['Indica la empresa cuya lista de precios descargas.'] } });
    expect(table((await download(admin, `?companyId=${companyA}`)).bytes)).toEqual(everyBranch());
    expect(table((await download(admin, `?companyId=${companyB}`)).bytes)).toEqual([HEADER, line('SUC-001', exams[0], 9999), line('SUC-001', exams[5], 1234)]);
    expect(await errorOf(admin, `?companyId=${companyA}&laboratoryId=${b1}`)).toMatchObject({ code: 404, error: 'LABORATORY.NOT_FOUND' });
  });

  it('gives the same list as an Excel workbook: FONASA codes as text (the leading zero stays), prices as numbers', async () => {
    const file = await download(providerA, '?format=xlsx');
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.name).toMatch(/^lista-de-precios-clinica-nunoa-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { book, rows } = await sheetRows(file.bytes);
    expect(book.worksheets[0].name).toBe('Datos');
    expect(rows).toEqual(everyBranch().map((row, i) => (i === 0 ? row : [row[0], undefined, row[2], row[3], Number(row[4])])));
    expect(book.worksheets[0].getRow(1).font).toMatchObject({ bold: true });
  });

  it('imports the untouched list back, CSV or Excel, as every row unchanged and nothing to create or update', async () => {
    const untouched = { rows: 4, toCreate: 0, toUpdate: 0, unchanged: 4, withErrors: 0, largePriceChanges: 0, flagged: 0 };
    for (const [query, name] of [['', 'lista.csv'], ['?format=xlsx', 'lista.xlsx']]) {
      const answer = await upload(t, providerA, IMPORT, (await download(providerA, query)).bytes, name);
      expect({ name, code: answer.code, summary: answer.data.import.summary }).toEqual({ name, code: 200, summary: untouched });
    }
    const one = await upload(t, providerA, IMPORT, (await download(providerA, `?laboratoryId=${a1}&format=xlsx`)).bytes, 'sucursal.xlsx');
    expect(one.data.import.summary).toMatchObject({ rows: 2, unchanged: 2, toCreate: 0, toUpdate: 0, withErrors: 0 });
    // What an administrator downloads for the company imports back the same way.
    const admins = await upload(t, admin, IMPORT, (await download(admin, `?companyId=${companyA}`)).bytes, 'lista.csv', { companyId: companyA });
    expect(admins.data.import.summary).toEqual(untouched);
  });

  it('changes exactly the one price edited in the downloaded file, and nothing else', async () => {
    const before = await t.prisma.laboratoryExam.findMany({ orderBy: { id: 'asc' } });
    const text = (await download(providerA, '')).bytes.toString('utf8');
    // One cell edited, as in Excel: SUC-002's price of exams[4], from 12000 to 12500.
    const lines = text.split('\r\n');
    const edited = lines.findIndex((l) => l.startsWith(`SUC-002;;${exams[4].code};`));
    expect(lines[edited]).toMatch(/;12000$/);
    lines[edited] = lines[edited].replace(/;12000$/, ';12500');
    const answer = await upload(t, providerA, IMPORT, Buffer.from(lines.join('\r\n'), 'utf8'), 'lista-editada.csv');
    expect(answer.data.import.summary).toEqual({ rows: 4, toCreate: 0, toUpdate: 1, unchanged: 3, withErrors: 0, largePriceChanges: 0, flagged: 0 });
    const updates = await t.http.post(`/api/imports/${answer.data.import.id}/rows/search`).set(bearer(providerA)).send({ status: 'UPDATE' });
    expect(updates.body.data.items.map((r: ImportPreviewRow) => [r.label, r.price])).toEqual([[`SUC-002 · ${exams[4].code} ${exams[4].name}`, { previous: 12000, next: 12500 }]]);

    await t.http.post(`/api/imports/${answer.data.import.id}/confirm`).set(bearer(providerA)).send({});
    expect((await finished(t, providerA, answer.data.import.id)).result).toEqual({ created: 0, updated: 1, unchanged: 3, failed: 0, excluded: 0, pendingAuthorization: 1 });
    const after = await t.prisma.laboratoryExam.findMany({ orderBy: { id: 'asc' } });
    const changed = after.filter((offer, i) => offer.price !== before[i].price || offer.status !== before[i].status || offer.isActive !== before[i].isActive);
    expect(changed.map((o) => [o.laboratoryId, o.examId, o.price])).toEqual([[a2, exams[4].id, 12500]]);
    expect(after.length).toBe(before.length);

    // The next download has the new price; imported back, it changes nothing.
    const again = await download(providerA, '?format=xlsx');
    expect((await sheetRows(again.bytes)).rows[4]).toEqual(['SUC-002', undefined, exams[4].code, exams[4].name, 12500]);
    expect((await upload(t, providerA, IMPORT, again.bytes, 'lista.xlsx')).data.import.summary).toMatchObject({ unchanged: 4, toCreate: 0, toUpdate: 0 });
  });

  it('changes exactly the one price edited in the Excel workbook', async () => {
    const { book } = await sheetRows((await download(providerA, `?laboratoryId=${a1}&format=xlsx`)).bytes);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('C3').value).toBe(exams[1].code);
    sheet.getCell('E3').value = 7300;
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const answer = await upload(t, providerA, IMPORT, edited, 'sucursal-editada.xlsx', { confirm: true });
    expect(answer.data.import.summary).toEqual({ rows: 2, toCreate: 0, toUpdate: 1, unchanged: 1, withErrors: 0, largePriceChanges: 0, flagged: 0 });
    await finished(t, providerA, answer.data.import.id);
    expect(table((await download(providerA, `?laboratoryId=${a1}`)).bytes)).toEqual([HEADER, line('SUC-001', exams[0], 5000), line('SUC-001', exams[1], 7300)]);
  });
});
