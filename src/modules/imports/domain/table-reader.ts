import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { open as openZipFile, type Entry, type ZipFile } from 'yauzl';
import { FileTooLargeError, TooManyRowsError, UnreadableFileError, UnknownSheetError } from '../imports.errors';
import { IMPORT_LIMITS } from './import-limits';
import { inspectXlsx } from './xlsx-guard';


export type TableFormat = 'CSV' | 'XLSX';

/** A data row of a file: its line (header = 1) and its cells by column position, as text. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** A file opened for reading: its header cells, and its data rows as a stream (never the whole file). */
export interface OpenedTable {
  format: TableFormat;
  sheet: string | null;
  header: string[];
  rows: AsyncIterable<TableRow>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Opens a CSV or XLSX file from disk. The format is decided on the bytes (an XLSX is a zip), not
 * on the name. CSV: `,`, `;` or tab, chosen from the header line; UTF-8 with or without BOM,
 * UTF-16 with BOM, else Windows-1252 (what Excel in Chile saves as "CSV"), decided by reading the
 * file once. Rows beyond `IMPORT_LIMITS.maxRows` stop the reading with a TooManyRowsError.
 */
export async function openTable(path: string, size: number, options: { sheet?: string } = {}): Promise<OpenedTable> {
  if (size > IMPORT_LIMITS.maxBytes) throw new FileTooLargeError();
  if (size === 0) throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'El archivo está vacío.');
  const head = await readHead(path, 4096);
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return openXlsx(path, options.sheet);
  return openCsv(path, head);
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

type TextEncoding = { label: 'utf-8' | 'utf-16le' | 'windows-1252'; bom: number; lineBreaks: number };

/** One pass over the bytes: valid UTF-8 throughout, or Windows-1252 (any byte decodes, so it is the fallback). */
/**
 * One pass over the bytes: valid UTF-8 throughout, or Windows-1252 (any byte decodes, so it is the
 * fallback). It also counts line breaks, an upper bound of the rows, so that a file with too many
 * rows is refused before any of them is checked.
 */
async function detectEncoding(path: string, head: Buffer): Promise<TextEncoding> {
  if (head[0] === 0xfe && head[1] === 0xff) throw new UnreadableFileError('IMPORT.UNREADABLE_ENCODING', 'El archivo está en UTF-16 big-endian; guárdalo como CSV UTF-8 o como libro de Excel (.xlsx).');
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : head[0] === 0xff && head[1] === 0xfe ? 2 : 0;
  const utf16 = bom === 2;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = !utf16;
  let lineBreaks = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const bytes = chunk as Buffer;
    if (!utf16 && bytes.includes(0)) throw new UnreadableFileError('IMPORT.UNREADABLE_ENCODING', 'El archivo no es un CSV de texto ni un libro de Excel (.xlsx); revisa que subiste el archivo correcto.');
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lineBreaks++;
    if (valid) {
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid) {
    try {
      decoder.decode();
    } catch {
      valid = false;
    }
  }
  return { label: utf16 ? 'utf-16le' : valid || bom === 3 ? 'utf-8' : 'windows-1252', bom, lineBreaks };
}

/** The exact number of data rows (quoted cells may span lines), read only when the line count says it may be too many. */
async function countCsvRows(text: () => AsyncIterable<string>, delimiter: string): Promise<number> {
  let rows = -1;
  for await (const _ of Readable.from(text()).pipe(parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, skip_records_with_empty_values: true }))) rows++;
  return rows;
}

/** The separator that splits the header line into the most cells, outside quotes. */
function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

async function openCsv(path: string, head: Buffer): Promise<OpenedTable> {
  const encoding = await detectEncoding(path, head);
  const headText = new TextDecoder(encoding.label).decode(head.subarray(encoding.bom));
  const delimiter = detectDelimiter(headText.split(/\r?\n/, 1)[0] ?? '');
  async function* text() {
    const decoder = new TextDecoder(encoding.label);
    for await (const chunk of createReadStream(path, { start: encoding.bom, highWaterMark: 64 * 1024 })) yield decoder.decode(chunk as Buffer, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  if (encoding.lineBreaks > IMPORT_LIMITS.maxRows + 1 && (await countCsvRows(text, delimiter)) > IMPORT_LIMITS.maxRows) throw new TooManyRowsError();
  const parser = Readable.from(text()).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, info: true }),
  );
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  let first: IteratorResult<{ record: string[]; info: { lines: number } }>;
  try {
    first = await iterator.next();
  } catch {
    throw new UnreadableFileError('IMPORT.UNREADABLE_FILE', 'No pudimos leer el archivo como CSV; revisa que esté separado por comas o punto y coma.');
  }
  if (first.done) throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'El archivo está vacío.');
  const header = first.value.record.map((cell) => cell.trim());
  async function* rows(): AsyncGenerator<TableRow> {
    let count = 0;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const { record, info } = next.value;
        if (record.every((cell) => cell.trim() === '')) continue;
        if (++count > IMPORT_LIMITS.maxRows) throw new TooManyRowsError();
        // csv-parse counts lines up to the record's end: a quoted cell with line breaks started earlier.
        const breaks = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
        yield { row: info.lines - breaks, cells: record };
      }
    } catch (error) {
      if (error instanceof TooManyRowsError) throw error;
      throw new UnreadableFileError('IMPORT.UNREADABLE_FILE', `No pudimos leer el archivo como CSV (${(error as Error).message}).`);
    } finally {
      parser.destroy();
    }
  }
  return { format: 'CSV', sheet: null, header, rows: rows() };
}

/** Cell values of exceljs as text (formulas by their result; styles are not read, so a date cell is its serial number). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10).split('-').reverse().join('-');
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function openXlsx(path: string, sheet: string | undefined): Promise<OpenedTable> {
  // What a zip unzips to is checked before the spreadsheet reader holds any of it.
  await inspectXlsx(path);
  let book: Workbook;
  try {
    book = await readWorkbook(path);
  } catch {
    throw new UnreadableFileError('IMPORT.UNREADABLE_FILE', 'No pudimos leer el libro de Excel; guárdalo de nuevo como .xlsx o como CSV.');
  }
  const chosen = sheet ? book.sheets.find((candidate) => normalizeSheet(candidate.name) === normalizeSheet(sheet)) : book.sheets[0];
  if (!chosen) {
    if (sheet) throw new UnknownSheetError(sheet, book.sheets.map((candidate) => candidate.name));
    throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'El libro de Excel no tiene hojas.');
  }
  const worksheet: SheetPart = chosen;
  const toCells = (row: ExcelJS.Row) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    // exceljs rows are 1-based: values[0] is always empty.
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
    return cells;
  };
  // The header is read on its own, and the sheet read again from the start for the rows: nothing is
  // left open if the rows are never read (a header without the expected columns).
  let header: string[] | undefined;
  let before = 0;
  for await (const row of sheetRows(path, book, worksheet)) {
    before++;
    const cells = toCells(row);
    if (cells.some((cell) => cell !== '')) {
      header = cells;
      break;
    }
  }
  if (!header) throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'La hoja del libro de Excel está vacía.');
  async function* rows(): AsyncGenerator<TableRow> {
    let count = 0;
    let skipped = 0;
    for await (const row of sheetRows(path, book, worksheet)) {
      if (skipped < before) {
        skipped++;
        continue;
      }
      const cells = toCells(row);
      if (cells.every((cell) => cell === '')) continue;
      if (++count > IMPORT_LIMITS.maxRows) throw new TooManyRowsError();
      yield { row: row.number, cells };
    }
  }
  return { format: 'XLSX', sheet: worksheet.name, header, rows: rows() };
}

const BOOK_OPTIONS = { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' } as const;

/** The parts of exceljs's WorkbookReader (4.4) used here: each parses one part of the zip, given as a stream. */
interface PartParser {
  model?: unknown;
  workbookRels?: unknown;
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncIterable<unknown>;
  _parseWorksheet(chunks: AsyncIterable<string>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> & { name: string } }>;
}

/** The sheets exceljs reads (the same test as its own on the part's name). */
const SHEET_PART = /xl\/worksheets\/sheet(\d+)[.]xml/;

interface SheetPart {
  name: string;
  /** The entry's position in the zip's central directory, and its name (checked when opened again). */
  index: number;
  fileName: string;
  sheetNo: string;
}

interface Workbook {
  parser: PartParser;
  sheets: SheetPart[];
}

/**
 * The zip is read by its central directory (random access, yauzl), never in the order of its entries.
 * exceljs's streaming WorkbookReader reads a zip as it comes (unzipper) and loses parts: while it
 * handles one entry it pauses the stream of entries, the unzipper goes on and queues the next ones
 * there, and when the file has been read to its end exceljs stops as soon as its own queue is empty,
 * never taking the entries still queued. Which parts that drops (the sheets' names in xl/workbook.xml,
 * the relationships, a sheet) depends on the order the writer chose (LibreOffice, Google Sheets, a LIS's
 * own writer) and on timing. Here each part goes to exceljs's own parser of that part, in the order the
 * parts depend on each other: the relationships and the workbook part (the sheets' names), the shared
 * strings, and later only the sheet that is read, streamed.
 */
async function readWorkbook(path: string): Promise<Workbook> {
  // Its reader alone, and for a workbook only: the whole of exceljs (its writers, CSV and zip libraries) is 14 MB of
  // the reading thread's heap, the reader 7 MB, and a CSV needs neither.
  const WorkbookReader = require('exceljs/lib/stream/xlsx/workbook-reader') as typeof ExcelJS.stream.xlsx.WorkbookReader;
  const parser = new WorkbookReader(path, BOOK_OPTIONS) as unknown as PartParser;
  for (const method of ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseWorksheet'] as const) {
    if (typeof parser[method] !== 'function') throw new Error(`exceljs no longer has WorkbookReader.${method}: table-reader.ts must be adapted`);
  }
  const zip = await openZip(path);
  try {
    const entries = await zipEntries(zip);
    // A part that comes twice: the last one, as exceljs (which read them all, in order) kept.
    const part = (name: string) => entries.findLast((entry) => entry.fileName === name);
    const parse = async (name: string, use: (stream: Readable) => Promise<unknown>) => {
      const entry = part(name);
      if (!entry) return;
      const stream = Readable.from(partText(zip, entry));
      try {
        await use(stream);
      } finally {
        stream.destroy();
      }
    };
    await parse('xl/_rels/workbook.xml.rels', (stream) => parser._parseRels(stream));
    // Some writers (openpyxl, so many a Python script) name the sheets from the package's root,
    // "/xl/worksheets/sheet1.xml"; exceljs only matches "worksheets/sheet1.xml" and would call it "Sheet1".
    for (const relationship of (parser.workbookRels ?? []) as { Target?: unknown }[]) {
      if (typeof relationship.Target === 'string' && relationship.Target.startsWith('/xl/')) relationship.Target = relationship.Target.slice('/xl/'.length);
    }
    await parse('xl/workbook.xml', (stream) => parser._parseWorkbook(stream));
    // Without the workbook part there are no names to match the relationships with: sheets are "Sheet1"…, as before.
    if (!parser.model) parser.workbookRels = undefined;
    await parse('xl/sharedStrings.xml', async (stream) => {
      for await (const _ of parser._parseSharedStrings(stream));
    });
    const sheets: (SheetPart & { tab: number })[] = [];
    entries.forEach((entry, index) => {
      const sheetNo = SHEET_PART.exec(entry.fileName)?.[1];
      // Its name as exceljs gives it (from the relationships and the workbook part), without reading it.
      if (sheetNo) sheets.push({ name: worksheetReader(parser, emptyPart(), sheetNo).name, index, fileName: entry.fileName, sheetNo, tab: tabPosition(parser, sheetNo) });
    });
    // The workbook's order (the tabs a person sees, the first one read when none is named), not the zip's;
    // a sheet the workbook part does not list comes after, in the zip's order.
    sheets.sort((a, b) => a.tab - b.tab);
    return { parser, sheets };
  } finally {
    zip.close();
  }
}

/** The rows of one sheet, streamed from the zip; the zip is closed when the rows end or are left. */
async function* sheetRows(path: string, book: Workbook, sheet: SheetPart): AsyncGenerator<ExcelJS.Row> {
  const zip = await openZip(path);
  try {
    const entry = (await zipEntries(zip))[sheet.index];
    if (entry?.fileName !== sheet.fileName) throw new Error('the file changed while it was read');
    yield* worksheetReader(book.parser, partText(zip, entry), sheet.sheetNo);
  } finally {
    zip.close();
  }
}

/** Where the workbook part lists a sheet, matched as exceljs matches it (by its relationship's target). */
function tabPosition(parser: PartParser, sheetNo: string): number {
  const relationships = (parser.workbookRels ?? []) as { Id: string; Target: string }[];
  const sheets = ((parser.model as { sheets?: { rId: string }[] } | undefined)?.sheets ?? []);
  const relationship = relationships.find((candidate) => candidate.Target === `worksheets/sheet${sheetNo}.xml`);
  const tab = relationship ? sheets.findIndex((sheet) => sheet.rId === relationship.Id) : -1;
  return tab === -1 ? Number.MAX_SAFE_INTEGER : tab;
}

function worksheetReader(parser: PartParser, chunks: AsyncIterable<string>, sheetNo: string): AsyncIterable<ExcelJS.Row> & { name: string } {
  const [emitted] = [...parser._parseWorksheet(chunks, sheetNo)];
  return emitted.value;
}

async function* emptyPart(): AsyncGenerator<string> {}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => openZipFile(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip!))));
}

/** The central directory: a few hundred entries at most (inspectXlsx refused more). */
function zipEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('error', reject);
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

/**
 * One part, unzipped as it is read, as text. exceljs decodes each chunk on its own, which turns a
 * character cut between two chunks (an "ñ" is two bytes) into "�"; given text, it decodes nothing.
 */
async function* partText(zip: ZipFile, entry: Entry): AsyncGenerator<string> {
  const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened!))));
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) yield decoder.decode(chunk as Buffer, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}

const normalizeSheet = (name: string) => name.trim().toLocaleLowerCase('es');
