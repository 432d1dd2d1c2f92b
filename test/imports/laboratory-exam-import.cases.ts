import type { ImportPreviewRow } from '../../src/contracts/imports';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { projectionSettled, waitFor } from '../support/wait';
import { bearer, catalogueEvents, csv, finished, upload, xlsx } from './import-helpers';

const ROUTE = '/api/laboratory-exam-import';

describe('importing a price list (POST /api/laboratory-exam-import)', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let companyA: number;
  let companyB: number;
  let a1: number;
  let a2: number;
  let exams: { id: number; code: string; name: string }[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 8 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = async (rut: string, tradeName: string) => (await t.http.post('/api/company').set(bearer(admin)).send({ rut, legalName: `${tradeName} SpA`, tradeName })).body.data.id as number;
    companyA = await company('76.086.428-5', 'Importa Norte');
    companyB = await company('77.312.560-0', 'Importa Sur');
    providerA = (await createProvider(t, admin, companyA, 'prv@importa-a.cl', 'clave-importa-a-1')).token;
    providerB = (await createProvider(t, admin, companyB, 'prv@importa-b.cl', 'clave-importa-b-1')).token;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } })).id;
    // Registered as a company does (POST /api/laboratory): the branch is in the search before any price is.
    const branch = async (companyId: number, name: string, branchCode: string) =>
      (await t.http.post('/api/laboratory').set(bearer(admin)).send({ companyId, identifierName: name, addressLine1: 'Av. Importación 100', comunaId, branchCode, fonasaLevel: 1 })).body.data.id as number;
    a1 = await branch(companyA, 'Sucursal Importa Uno', 'SUC-A1');
    a2 = await branch(companyA, 'Sucursal Importa Dos', 'SUC-A2');
    await branch(companyB, 'Sucursal de otra empresa', 'SUC-B1');
    exams = await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: { code: 'asc' }, take: 8, select: { id: true, code: true, name: true } });
    // Prices the branch already has: e2 at 3,000 (the file moves it more than 50%), e3 at 4,000 (the file repeats it).
    for (const [examId, price] of [[exams[1].id, 3000], [exams[2].id, 4000]]) {
      const answer = await t.http.post('/api/laboratory-exam').set(bearer(providerA)).send({ laboratoryId: a1, examId, price });
      expect(answer.body.code).toBe(200);
    }
  }, 120_000);
  afterAll(() => t.close());

  const [HEADER] = [['Código Sucursal', 'CÓDIGO FONASA', 'Exámen', 'Precio']];
  const priceFile = () =>
    csv([
      HEADER,
      ['SUC-A1', exams[0].code, exams[0].name, '5.000'],
      ['SUC-A1', exams[1].code, exams[1].name, '7000'],
      ['SUC-A1', exams[2].code, 'Ñandú áéíóú', '4000'],
      // Excel drops a code's leading zero: 0301045 arrives as 301045.
      ['suc-a2', exams[0].code.replace(/^0+/, ''), '', '$ 5.100'],
      ['SUC-A1', '9999999', '', '1000'],
      ['SUC-A1', exams[3].code, '', '-500'],
      ['SUC-A1', exams[0].code, '', '5000'],
      ['SUC-B1', exams[0].code, '', '5000'],
      ['SUC-A2', exams[4].code, '', '=HYPERLINK("http://malo.example/x";"clic")'],
    ]);
  const written = async () => ({
    offers: await t.prisma.laboratoryExam.count(),
    history: await t.prisma.laboratoryExamPriceHistory.count(),
    events: await catalogueEvents(t),
    audit: await t.prisma.auditLog.count(),
  });
  let firstImport: number;

  it('checks every row of a Windows-1252, semicolon-separated file and writes nothing before it is confirmed', async () => {
    const before = await written();
    const answer = await upload(t, providerA, ROUTE, priceFile(), 'precios sucursales.csv');
    expect(answer.code).toBe(200);
    const { import: job, preview, canConfirm } = answer.data;
    firstImport = job.id;
    expect(job).toMatchObject({ kind: 'laboratory-exam', status: 'VALIDATED', format: 'CSV', company: { id: companyA }, fileName: 'precios sucursales.csv', allOrNothing: false });
    expect(job.summary).toEqual({ rows: 9, toCreate: 2, toUpdate: 1, unchanged: 1, withErrors: 5, largePriceChanges: 1, flagged: 1 });
    expect(canConfirm).toBe(true);
    const byRow = Object.fromEntries(preview.map((r: ImportPreviewRow) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ status: 'CREATE', label: `SUC-A1 · ${exams[0].code} ${exams[0].name}` });
    expect(byRow[3]).toMatchObject({ status: 'UPDATE', price: { previous: 3000, next: 7000 }, largePriceChange: true });
    expect(byRow[4]).toMatchObject({ status: 'UNCHANGED' });
    expect(byRow[5]).toMatchObject({ status: 'CREATE' });
    expect(byRow[6].errors).toEqual([{ row: 6, column: 'codigo_fonasa', value: '9999999', code: 'UNKNOWN_EXAM', message: 'No existe un examen con este código FONASA.' }]);
    expect(byRow[7].errors).toEqual([{ row: 7, column: 'precio', value: '-500', code: 'NEGATIVE_PRICE', message: 'El precio no puede ser negativo.' }]);
    expect(byRow[8].errors).toMatchObject([{ code: 'DUPLICATE_ROW', message: expect.stringContaining('Repite la fila 2') }]);
    expect(byRow[9].errors).toMatchObject([{ column: 'codigo_sucursal', value: 'SUC-B1', code: 'UNKNOWN_BRANCH' }]);
    expect(byRow[10].errors).toMatchObject([{ column: 'precio', code: 'INVALID_NUMBER' }]);
    expect(await written()).toEqual(before);

    const errorsOnly = await t.http.post(`/api/imports/${job.id}/rows/search`).set(bearer(providerA)).send({ status: 'ERROR' });
    expect(errorsOnly.body.data).toMatchObject({ total: 5, items: [{ row: 6 }, { row: 7 }, { row: 8 }, { row: 9 }, { row: 10 }] });
    const large = await t.http.post(`/api/imports/${job.id}/rows/search`).set(bearer(providerA)).send({ largePriceChange: 'true' });
    expect(large.body.data.items.map((r: ImportPreviewRow) => r.row)).toEqual([3]);
  });

  it('gives an error file Excel opens as UTF-8, with every bad row and no formula left live', async () => {
    const answer = await t.http.get(`/api/imports/${firstImport}/errors.csv`).set(bearer(providerA)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toContain('errores-precios');
    const bytes = answer.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('fila;columna;valor;codigo;mensaje');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['6', '7', '8', '9', '10']);
    expect(lines[2]).toBe("7;precio;'-500;NEGATIVE_PRICE;El precio no puede ser negativo.");
    // The formula arrives as text: a leading apostrophe, inside quotes because it holds the separator.
    expect(lines[5]).toMatch(/^10;precio;"'=HYPERLINK\(""http:\/\/malo\.example\/x"";""clic""\)";INVALID_NUMBER;/);
    expect(lines.slice(1).every((l) => !/;[=+\-@]/.test(l.replace(/;"'[=+\-@]/g, '')))).toBe(true);

    const original = await t.http.get(`/api/imports/${firstImport}/file`).set(bearer(providerA)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(original.body as Buffer, priceFile())).toBe(0);
  });

  it('imports the valid rows through the pricing rules once confirmed, with one event per branch instead of one per price', async () => {
    const lastEvent = (await t.prisma.outboxEvent.findFirstOrThrow({ orderBy: { id: 'desc' } })).id;
    const before = await written();
    const confirmed = await t.http.post(`/api/imports/${firstImport}/confirm`).set(bearer(providerA)).send({});
    expect(confirmed.body).toMatchObject({ code: 200, data: { status: expect.stringMatching(/QUEUED|RUNNING|COMPLETED/) } });
    const job = await finished(t, providerA, firstImport);
    expect(job).toMatchObject({ status: 'COMPLETED', progress: { done: 9, total: 9 }, result: { created: 2, updated: 1, unchanged: 1, failed: 5 }, errorFileUrl: `/api/imports/${firstImport}/errors.csv` });
    // The planner counts the offers as they are once the import is done, not as autovacuum last saw them: the next
    // file's dry run is planned on them (33 s instead of 65 ms after 200,000 new prices).
    const [statistics] = await t.prisma.$queryRaw<{ planned: number; stored: number }[]>`
      SELECT (SELECT reltuples::int FROM pg_class WHERE relname = 'laboratory_exam') AS planned, (SELECT count(*)::int FROM laboratory_exam) AS stored`;
    expect(statistics.planned).toBe(statistics.stored);

    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: { in: [a1, a2] } }, orderBy: [{ laboratoryId: 'asc' }, { examId: 'asc' }] });
    expect(offers.map((o) => [o.laboratoryId, o.examId, o.price, o.status])).toEqual([
      [a1, exams[0].id, 5000, 'PENDING'],
      [a1, exams[1].id, 7000, 'PENDING'],
      [a1, exams[2].id, 4000, 'PENDING'],
      [a2, exams[0].id, 5100, 'PENDING'],
    ]);
    const after = await written();
    expect(after.offers - before.offers).toBe(2);
    // Two first prices and one change: the history records each, with who made it.
    expect(after.history - before.history).toBe(3);
    const repriced = offers.find((o) => o.examId === exams[1].id && o.laboratoryId === a1)!;
    expect(await t.prisma.laboratoryExamPriceHistory.findFirst({ where: { laboratoryExamId: repriced.id }, orderBy: { id: 'desc' } })).toMatchObject({ oldPrice: 3000, newPrice: 7000 });
    const events = await t.prisma.outboxEvent.findMany({ where: { id: { gt: lastEvent } }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.type, e.aggregateId])).toEqual([
      ['LaboratoryPricesImported', String(a1)],
      ['LaboratoryPricesImported', String(a2)],
      // The row that repeats its stored price confirms it (issue 30).
      ['PriceListConfirmed', String(a1)],
      // The laboratory is told it ended (a mail).
      ['ImportFinished', String(firstImport)],
    ]);
    expect(events[0].payload).toMatchObject({ importId: firstImport, laboratoryId: a1, examIds: [exams[0].id, exams[1].id], offered: 1, repriced: 1 });
    const audits = await t.prisma.auditLog.findMany({ where: { action: 'laboratory_exam.imported' }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.entityId)).toEqual([String(a1), String(a2)]);
    expect(audits[0].actorId).not.toBeNull();
    await projectionSettled(t.prisma);
  });

  it('changes no price when the same file is imported again, and confirms them all as still current', async () => {
    const before = await written();
    const confirmedAt = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: a1 }, orderBy: { id: 'asc' } })).map((o) => o.confirmedAt.getTime());
    const updatedAt = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: a1 }, orderBy: { id: 'asc' } })).map((o) => o.updatedAt.getTime());
    const answer = await upload(t, providerA, ROUTE, priceFile(), 'precios sucursales.csv', { confirm: true });
    expect(answer.data.import.summary).toEqual({ rows: 9, toCreate: 0, toUpdate: 0, unchanged: 4, withErrors: 5, largePriceChanges: 0, flagged: 0 });
    const job = await finished(t, providerA, answer.data.import.id);
    expect(job.result).toEqual({ created: 0, updated: 0, unchanged: 4, failed: 5, excluded: 0, pendingAuthorization: 0 });
    // No price, no history, no audit: one confirmation per branch (its event), each price "vigente desde" now.
    expect(await written()).toEqual({ ...before, events: before.events + 2 });
    const again = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: a1 }, orderBy: { id: 'asc' } });
    expect(again.map((o) => o.updatedAt.getTime())).toEqual(updatedAt);
    again.forEach((o, i) => expect(o.confirmedAt.getTime()).toBeGreaterThan(confirmedAt[i]));
  });

  it('imports nothing with "todo o nada" when a row has an error, and everything when none has', async () => {
    const before = await written();
    const bad = csv([['codigo_sucursal', 'codigo_fonasa', 'precio'], ['SUC-A2', exams[5].code, '9900'], ['SUC-A2', exams[6].code, 'doce mil']], 'utf-8');
    const rejected = await upload(t, providerA, ROUTE, bad, 'todo-o-nada.csv', { allOrNothing: true, confirm: true });
    expect(rejected.data.canConfirm).toBe(false);
    expect(rejected.data.import).toMatchObject({ status: 'REJECTED', allOrNothing: true, result: { created: 0, updated: 0, unchanged: 0, failed: 2 } });
    expect(await written()).toEqual(before);

    const good = csv([['codigo_sucursal', 'codigo_fonasa', 'precio'], ['SUC-A2', exams[5].code, '9900'], ['SUC-A2', exams[6].code, '12000']], 'utf-8-bom', ',');
    const accepted = await upload(t, providerA, ROUTE, good, 'todo-o-nada.csv', { allOrNothing: true, confirm: true });
    expect(await finished(t, providerA, accepted.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { created: 2, updated: 0, unchanged: 0, failed: 0 } });
    expect((await written()).offers - before.offers).toBe(2);
  });

  it('reads an XLSX sheet by name, and an administrator’s prices are authorized and quoted', async () => {
    const file = await xlsx([['Sucursal', 'Código', 'Valor'], ['SUC-A1', exams[7].code, 15990], ['SUC-A1', exams[0].code, 5000]], 'Lista 2026', ['Instrucciones']);
    const unknown = await upload(t, admin, ROUTE, file, 'lista.xlsx', { companyId: companyA, sheet: 'Otra' });
    expect(unknown).toMatchObject({ code: 400, error: 'IMPORT.UNKNOWN_SHEET', message: expect.stringContaining('Lista 2026') });
    const answer = await upload(t, admin, ROUTE, file, 'lista.xlsx', { companyId: companyA, sheet: 'lista 2026', confirm: true });
    expect(answer.data.import).toMatchObject({ format: 'XLSX', sheet: 'Lista 2026', summary: { rows: 2, toCreate: 1, unchanged: 1 } });
    await finished(t, admin, answer.data.import.id);
    expect(await t.prisma.laboratoryExam.findFirst({ where: { laboratoryId: a1, examId: exams[7].id } })).toMatchObject({ price: 15990, status: 'AUTHORIZED' });
    const quoted = async () => (await t.http.post('/api/laboratory/search').send({ exams: [exams[7].id], laboratoryId: a1 })).body.data.items[0]?.exams[0]?.price;
    expect(await waitFor(quoted, (p) => p === 15990)).toBe(15990);
  });

  it('lets a company not yet approved check a small file, not import it; a company already checking a file is asked to wait', async () => {
    const pending = await t.prisma.company.create({ data: { rut: '96.511.460-2', legalName: 'Por Aprobar SpA', tradeName: 'Por Aprobar', status: 'PENDING' } });
    const provider = (await createProvider(t, admin, pending.id, 'prv@por-aprobar.cl', 'clave-por-aprobar-1')).token;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } })).id;
    await t.prisma.laboratory.create({ data: { companyId: pending.id, identifierName: 'Sucursal por aprobar', addressLine1: 'Calle 1', comunaId, branchCode: 'SUC-P1' } });
    const small = csv([HEADER, ['SUC-P1', exams[0].code, '', '5000']]);
    const checked = await upload(t, provider, ROUTE, small, 'precios.csv');
    expect(checked).toMatchObject({ code: 200, data: { canConfirm: true } });
    const confirm = await t.http.post(`/api/imports/${checked.data.import.id}/confirm`).set(bearer(provider)).send({});
    expect(confirm.body).toMatchObject({ code: 403, error: 'COMPANY.NOT_APPROVED', message: expect.stringContaining('podrás importarlo') });
    expect(await upload(t, provider, ROUTE, small, 'precios.csv', { confirm: true })).toMatchObject({ code: 403, error: 'COMPANY.NOT_APPROVED' });
    const big = csv([HEADER, ...Array.from({ length: 40_000 }, () => ['SUC-P1', exams[0].code, 'Un nombre largo de examen para llenar el archivo', '5000'])]);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(await upload(t, provider, ROUTE, big, 'grande.csv')).toMatchObject({ code: 403, error: 'COMPANY.NOT_APPROVED', message: expect.stringContaining('hasta 1 MB') });
    expect(await t.prisma.laboratoryExam.count({ where: { laboratory: { companyId: pending.id } } })).toBe(0);

    // While a file of company A is being checked (its slot held here), another of A waits its turn; another company's is checked.
    await t.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(7150002::int, ${companyA * 8}::int)`;
      expect(await upload(t, providerA, ROUTE, priceFile(), 'precios.csv')).toMatchObject({ code: 503, error: 'IMPORT.BUSY' });
      expect((await upload(t, provider, ROUTE, small, 'precios.csv')).code).toBe(200);
    }, { timeout: 60_000 });
    expect((await upload(t, providerA, ROUTE, priceFile(), 'precios.csv')).code).toBe(200);
  });

  it('keeps the history of each company to itself', async () => {
    const mine = await t.http.post('/api/imports/search').set(bearer(providerA)).send({});
    expect(mine.body.data.total).toBeGreaterThanOrEqual(4);
    expect(mine.body.data.items[0]).toMatchObject({ company: { id: companyA }, createdBy: { name: expect.any(String) } });
    const theirs = await t.http.post('/api/imports/search').set(bearer(providerB)).send({ companyId: companyA });
    expect(theirs.body.data.total).toBe(0);
    for (const path of [`/api/imports/${firstImport}`, `/api/imports/${firstImport}/errors.csv`, `/api/imports/${firstImport}/file`]) {
      expect((await t.http.get(path).set(bearer(providerB))).body).toMatchObject({ code: 404, error: 'IMPORT.NOT_FOUND' });
    }
    expect((await t.http.post(`/api/imports/${firstImport}/confirm`).set(bearer(providerB)).send({})).body).toMatchObject({ code: 404 });
    const admins = await t.http.post('/api/imports/search').set(bearer(admin)).send({ companyId: companyA, kind: 'laboratory-exam' });
    expect(admins.body.data.total).toBe(mine.body.data.total);
  });

  describe('answers a file it cannot import with a clear error, before any work', () => {
    const header = ['codigo_sucursal', 'codigo_fonasa', 'precio'];
    it.each([
      ['an empty file', () => Buffer.alloc(0), 400, 'IMPORT.EMPTY_FILE', 'El archivo está vacío.'],
      ['headers and no rows', () => csv([header]), 400, 'IMPORT.EMPTY_FILE', 'El archivo no tiene filas bajo los encabezados.'],
      ['wrong headers', () => csv([['sucursal', 'producto', 'valor'], ['SUC-A1', 'x', '1']]), 400, 'IMPORT.MISSING_COLUMNS', 'Faltan columnas en el archivo: codigo_fonasa'],
      ['a binary file', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(64, 7)]), 400, 'IMPORT.UNREADABLE_ENCODING', 'no es un CSV de texto'],
      ['UTF-16 big-endian text', () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('\0c\0o\0d\0i\0g\0o', 'latin1')]), 400, 'IMPORT.UNREADABLE_ENCODING', 'UTF-16'],
      ['more than 20 MB', () => Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 413, 'IMPORT.FILE_TOO_LARGE', 'supera los 20 MB'],
      ['more than 200,000 rows', () => Buffer.from(['codigo_sucursal;codigo_fonasa;precio', ...Array.from({ length: 200_001 }, () => 'SUC-A1;0301045;1000'), ''].join('\n')), 413, 'IMPORT.TOO_MANY_ROWS', 'más de 200.000 filas'],
    ])('%s', async (_, file, status, error, message) => {
      const before = await t.prisma.importJob.count();
      const answer = await upload(t, providerA, ROUTE, file(), 'malo.csv');
      expect(answer).toMatchObject({ code: status, error, message: expect.stringContaining(message) });
      expect(await t.prisma.importJob.count()).toBe(before);
    });

    it('no file at all, another company, or a provider at the catalogue', async () => {
      const none = await t.http.post(ROUTE).set(bearer(providerA)).field('confirm', 'true');
      expect(none.body).toMatchObject({ code: 400, error: 'IMPORT.FILE_REQUIRED' });
      const file = csv([header, ['SUC-B1', exams[0].code, '1000']]);
      expect(await upload(t, providerA, ROUTE, file, 'ajeno.csv', { companyId: companyB })).toMatchObject({ code: 404, error: 'COMPANY.NOT_FOUND' });
      expect(await upload(t, admin, ROUTE, file, 'sin-empresa.csv')).toMatchObject({ code: 400, errors: { companyId: [expect.any(String)] } });
      expect(await upload(t, providerA, '/api/exam-import', file, 'catalogo.csv')).toMatchObject({ code: 403 });
    });
  });

  it('offers each template with an example row, as CSV and XLSX', async () => {
    const template = await t.http.get('/api/imports/templates/laboratory-exam.csv').set(bearer(providerA));
    expect(template.status).toBe(200);
    // The example row names one of the company's own branches (issue 27): it imports as it is.
    expect(template.text.replace(/^\uFEFF/, '').split('\r\n').slice(0, 2)).toEqual(['codigo_sucursal;id_sucursal;codigo_fonasa;examen;precio', 'SUC-A1;;0301045;Hemograma;6500']);
    // An administrator belongs to no company: the generic example.
    expect((await t.http.get('/api/imports/templates/laboratory-exam.csv').set(bearer(admin))).text.split('\r\n')[1]).toBe('SUC-01;;0301045;Hemograma;6500');
    const book = await t.http.get('/api/imports/templates/laboratory.xlsx').set(bearer(providerA)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect([...(book.body as Buffer).subarray(0, 2)]).toEqual([0x50, 0x4b]);
    expect((await t.http.get('/api/imports/templates/exam.csv').set(bearer(providerA))).body).toMatchObject({ code: 403 });
    expect((await t.http.get('/api/imports/templates/exam.csv').set(bearer(admin))).status).toBe(200);
  });
});
