import ExcelJS from 'exceljs';
import http from 'node:http';
import { Writable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../src/contracts/csv';
import { addDays } from '../../src/modules/reports/domain/period';
import { reportDay } from '../../src/modules/reports/domain/routes';
import { SearchHistoryExport } from '../../src/modules/reports/queries/search-history/search-history.export';
import type { HistoryFilter } from '../../src/modules/reports/queries/search-history/search-history.query';
import { ADMIN, signIn } from '../support/accounts';
import { serve, startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/wait';
import { legacyCsv } from './legacy-reports';

/** The longest period an export may ask for, ending today. */
const LONGEST = { preset: 'custom', from: addDays(reportDay(new Date()), -399), to: reportDay(new Date()) };

/** Rows of the generated history: several of the thread's buffers (256 kB each), so that batches, names and persons carry over. */
const ROWS = 5_500;

/**
 * Issue 32: the search history's CSV streams from PostgreSQL's COPY through a thread of its own. The
 * file must stay byte for byte what the export wrote before (columns, order, names, numbers, the formula
 * guard), for every filter and order; the export must wait for a client that does not read, and stop its
 * query when the client goes.
 */
/** A workbook's sheets (name, rows) and its rows as the one CSV writer writes them, each sheet's header once. */
async function readBook(bytes: Buffer): Promise<{ sheets: { name: string; rows: number }[]; csv: string }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  let csv = CSV_BOM;
  workbook.worksheets.forEach((sheet, n) =>
    sheet.eachRow((row, at) => {
      if (n === 0 || at > 1) csv += csvLine(Array.from({ length: 14 }, (_, i) => row.getCell(i + 1).value as string | number | null));
    }),
  );
  return { sheets: workbook.worksheets.map((sheet) => ({ name: sheet.name, rows: sheet.rowCount })), csv };
}

describe('search history export', () => {
  let t: TestApp;
  let admin: string;
  let ids: { comuna: number; region: number; insurer: number; exam: number; person: number; session: string };

  /** The export's bytes, downloaded as a browser asks for them (compressed unless `encoding` says otherwise). */
  const exportFile = async (query: Record<string, string | number>, format: 'csv' | 'xlsx', encoding = 'gzip, deflate') => {
    const answer = await t.http.get('/api/reports/search-history/export').set('Authorization', `Bearer ${admin}`).set('Accept-Encoding', encoding).query({ ...query, format }).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(answer.status).toBe(200);
    return answer.body as Buffer;
  };
  const exportCsv = async (query: Record<string, string | number>, encoding?: string) => (await exportFile(query, 'csv', encoding)).toString('utf8');
  const exportConnections = () =>
    t.prisma.$queryRaw<{ state: string; wait: string | null }[]>`
      SELECT state, wait_event AS wait FROM pg_stat_activity WHERE application_name = 'cotizalab-export' AND datname = current_database()`;
  /** The export's connection, still open: its COPY either blocked writing to a reader that stopped, or written whole and waiting. */
  const stillOpen = (rows: { state: string; wait: string | null }[]) =>
    rows.length === 1 && ((rows[0].state === 'active' && rows[0].wait === 'ClientWrite') || rows[0].state === 'idle in transaction');

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 3 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const profile = await t.prisma.profile.findUniqueOrThrow({ where: { code: 'USR' } });
    // Text the CSV must guard or quote: formulas, separators, quotes, line breaks, accents; a person without an account.
    const adminPerson = await t.prisma.person.findFirstOrThrow({ where: { user: { email: ADMIN.email } } });
    await t.prisma.person.update({ where: { id: adminPerson.id }, data: { firstName: '=HYPERLINK("http://x")', lastName: 'Núñez; "Toto"' } });
    const noAccount = await t.prisma.person.create({ data: { firstName: '-1+2', lastName: 'Línea\nnueva', profileId: profile.id } });
    const plain = await t.prisma.person.create({ data: { firstName: 'Ana', lastName: '', profileId: profile.id } });
    const exams = (await t.prisma.exam.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 6 })).map((e) => e.id);
    await t.prisma.exam.update({ where: { id: exams[0] }, data: { name: '@Glucosa; "ayuno"' } });
    await t.prisma.exam.update({ where: { id: exams[1] }, data: { name: 'Ácido úrico' } });
    await t.prisma.exam.update({ where: { id: exams[2] }, data: { name: 'acido fólico' } });
    const [comuna] = await t.prisma.$queryRaw<{ id: number; region: number }[]>`SELECT id, parent_id AS region FROM location WHERE kind = 'COMUNA' ORDER BY id LIMIT 1`;
    await t.prisma.$executeRaw`UPDATE location SET name = '+Comuna, la de "prueba"' WHERE id = ${comuna.id}`;
    const [{ id: insurer }] = await t.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM insurer ORDER BY id LIMIT 1`;
    const persons = [adminPerson.id, noAccount.id, plain.id];
    await t.prisma.$executeRaw`
      INSERT INTO search_history (job_id, filters, result_count, took_ms, session, person_id, created_at, comuna_id, region_id, insurer_id, exam_ids, outcome, with_near)
      SELECT 'export-' || g,
        (ARRAY['{"coveragePercentage": "50"}', '{"coveragePercentage": "12.50"}', '{"coveragePercentage": ""}', '{"coveragePercentage": "abc"}',
               '{"coveragePercentage": 70}', '{}', '{"coveragePercentage": "0x10"}'])[1 + g % 7]::jsonb,
        g % 9, 3 + g % 400,
        CASE WHEN g % 5 = 0 THEN NULL ELSE 1760000000 + g % 40 END,
        CASE WHEN g % 4 < 3 THEN (${persons}::int[])[1 + g % 4] END,
        -- Whole seconds, tenths, hundredths and milliseconds, which PostgreSQL prints with and without a fraction.
        date_trunc('second', now()) - make_interval(secs => g * 97) + (ARRAY[0, 0.5, 0.05, 0.123])[1 + g % 4] * interval '1 second',
        CASE WHEN g % 6 = 0 THEN NULL WHEN g % 6 = 1 THEN 99999999 ELSE ${comuna.id}::int END,
        CASE WHEN g % 7 = 0 THEN NULL ELSE ${comuna.region}::int END,
        CASE WHEN g % 3 = 0 THEN ${insurer}::int WHEN g % 3 = 1 THEN 99999999 END,
        CASE g % 5 WHEN 0 THEN ARRAY[]::int[] WHEN 1 THEN ARRAY[${exams[0]}::int] WHEN 2 THEN ARRAY[${exams[2]}::int, ${exams[1]}::int, ${exams[0]}::int]
          WHEN 3 THEN ARRAY[${exams[3]}::int, 99999999] ELSE ARRAY[${exams[4]}::int, ${exams[4]}::int] END,
        (ARRAY['NONE', 'INCOMPLETE', 'COMPLETE'])[1 + g % 3], g % 2 = 0
      FROM generate_series(1, ${ROWS}) g`;
    ids = { comuna: comuna.id, region: comuna.region, insurer, exam: exams[0], person: adminPerson.id, session: '1760000007' };
  }, 120_000);

  afterAll(() => t?.close());

  it('writes the very file the export wrote before, for every filter and order', async () => {
    const filters: HistoryFilter[] = [
      LONGEST,
      { preset: '30d', orderBy: 'resultCount', orderSort: 'asc' },
      { preset: '30d', orderBy: 'tookMs', orderSort: 'desc' },
      { preset: '7d', comunaId: ids.comuna, outcome: 'COMPLETE' },
      { preset: '30d', regionId: ids.region, insurerId: ids.insurer },
      { preset: '30d', examId: ids.exam, personId: ids.person },
      { preset: '30d', session: ids.session, orderSort: 'asc' },
      { preset: 'today' },
    ] as HistoryFilter[];
    for (const filter of filters) {
      const file = await exportCsv(filter as Record<string, string | number>);
      const expected = await legacyCsv(t.prisma, filter);
      // Compressed, as browsers ask for it. Compared line by line first (a readable failure), then as a whole.
      expect({ filter, lines: file.split('\r\n').length }).toEqual({ filter, lines: expected.split('\r\n').length });
      expect(file.split('\r\n')).toEqual(expected.split('\r\n'));
      expect(file).toBe(expected);
    }
    // Uncompressed too: the response's buffers go back to the thread once the socket has taken them.
    const whole = await exportCsv(filters[0] as Record<string, string | number>, 'identity');
    expect(whole).toBe(await legacyCsv(t.prisma, filters[0]));
    expect(whole.split('\r\n')).toHaveLength(ROWS + 2);
    // The guard and the quoting are there to compare: a formula-like person, exam and comuna, a separator, a line break.
    expect(whole).toContain(`"'=HYPERLINK(""http://x"") Núñez; ""Toto"""`);
    expect(whole).toContain(`'@Glucosa; ""ayuno""`);
    expect(whole).toContain(`"'-1+2 Línea\nnueva"`);

    // The spreadsheet holds the same cells: written by the one CSV writer, its rows are the very same file.
    const book = await readBook(await exportFile(LONGEST, 'xlsx'));
    expect(book.sheets).toEqual([{ name: 'Búsquedas', rows: ROWS + 1 }]);
    expect(book.csv.split('\r\n')).toEqual(whole.split('\r\n'));
  });

  it('continues the spreadsheet on a new sheet, under the same header, past the rows a sheet holds', async () => {
    const chunks: Buffer[] = [];
    const collected = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    // 2,000 rows a sheet here; Excel's own limit (XLSX_ROWS_PER_SHEET) in the app.
    expect(await t.app.get(SearchHistoryExport).write(LONGEST as HistoryFilter, 'xlsx', collected, 2_000)).toBe(ROWS);
    const book = await readBook(Buffer.concat(chunks));
    expect(book.sheets).toEqual([{ name: 'Búsquedas', rows: 2_001 }, { name: 'Búsquedas 2', rows: 2_001 }, { name: 'Búsquedas 3', rows: ROWS - 4_000 + 1 }]);
    expect(book.csv).toBe(await legacyCsv(t.prisma, LONGEST as HistoryFilter));
  });

  it('waits for a reader that does not read, and stops its query when the reader goes', async () => {
    let received = 0;
    let reads = 0;
    // Takes the first write and never asks for more: the export has to wait with its COPY open.
    const stalled = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, _callback) {
        received += chunk.length;
        reads++;
      },
    });
    const exporting = t.app.get(SearchHistoryExport).write(LONGEST as HistoryFilter, 'csv', stalled);
    exporting.catch(() => undefined);
    try {
      // The first buffer (the header and the first rows) reached the reader, and the export waits with its COPY open.
      const waiting = await waitFor(async () => ({ reads, connections: await exportConnections() }), (now) => now.reads === 1 && stillOpen(now.connections));
      expect({ reads: waiting.reads, open: stillOpen(waiting.connections) }).toEqual({ reads: 1, open: true });
      const whole = Buffer.byteLength(await legacyCsv(t.prisma, LONGEST as HistoryFilter));
      expect(received).toBeLessThan(whole / 2);
      // Still there after that (the whole file read and written meanwhile): no second buffer, the connection open.
      expect({ reads, open: stillOpen(await exportConnections()) }).toEqual({ reads: 1, open: true });
    } finally {
      stalled.destroy();
    }
    await expect(exporting).rejects.toThrow('the response was closed');
    expect(await waitFor(exportConnections, (rows) => rows.length === 0)).toEqual([]);
  });

  it('stops the query of a download the browser cancels', async () => {
    // Enough rows that the file does not fit in the sockets' buffers: 150,000 more, about 30 MB.
    await t.prisma.$executeRaw`
      INSERT INTO search_history (job_id, filters, result_count, took_ms, session, created_at, comuna_id, region_id, exam_ids, outcome)
      SELECT 'bulk-' || g, '{}', 5, 10, 1760000000, now() - make_interval(secs => g), ${ids.comuna}::int, ${ids.region}::int, ARRAY[${ids.exam}::int], 'COMPLETE'
      FROM generate_series(1, 150000) g`;
    const url = new URL(`${await serve(t)}/api/reports/search-history/export?preset=30d&format=csv`);
    const request = http.get({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'identity' } });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
      expect(response.statusCode).toBe(200);
      // The first bytes arrive; then the reader stops reading, and the export waits on it: PostgreSQL itself is held
      // writing the COPY (the file is far larger than what the sockets and the thread's buffers hold).
      await new Promise<void>((resolve) => response.once('data', () => resolve()));
      response.pause();
      const waiting = await waitFor(exportConnections, (rows) => rows.length === 1 && rows[0].state === 'active' && rows[0].wait === 'ClientWrite');
      expect(waiting).toEqual([{ state: 'active', wait: 'ClientWrite' }]);
    } finally {
      request.destroy();
    }
    expect(await waitFor(exportConnections, (rows) => rows.length === 0)).toEqual([]);
  });
});
