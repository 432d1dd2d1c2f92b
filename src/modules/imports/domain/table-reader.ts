import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { FileTooLargeError, TooManyRowsError, UnreadableFileError, UnknownSheetError } from '../imports.errors';
import { inspectXlsx } from './xlsx-guard';

/** The limits of one upload, answered before any row is imported. */
export const IMPORT_LIMITS = { maxBytes: 20 * 1024 * 1024, maxRows: 200_000 } as const;

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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  waitForSheetNames(reader);
  const sheets = reader[Symbol.asyncIterator]();
  const seen: string[] = [];
  let worksheet: (AsyncIterable<ExcelJS.Row> & { name?: string }) | undefined;
  try {
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      const candidate = next.value as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
      const name = candidate.name ?? '';
      seen.push(name);
      if (!sheet || normalizeSheet(name) === normalizeSheet(sheet)) {
        worksheet = candidate;
        break;
      }
      // Rows of a sheet that is not read still have to be drained for the reader to move on.
      for await (const _ of candidate);
    }
  } catch (error) {
    if (error instanceof UnknownSheetError) throw error;
    throw new UnreadableFileError('IMPORT.UNREADABLE_FILE', 'No pudimos leer el libro de Excel; guárdalo de nuevo como .xlsx o como CSV.');
  }
  if (!worksheet) {
    if (sheet) throw new UnknownSheetError(sheet, seen);
    throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'El libro de Excel no tiene hojas.');
  }
  const rowIterator = worksheet[Symbol.asyncIterator]();
  const toCells = (row: ExcelJS.Row) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    // exceljs rows are 1-based: values[0] is always empty.
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
    return cells;
  };
  let headerRow: ExcelJS.Row | undefined;
  for (let next = await rowIterator.next(); !next.done; next = await rowIterator.next()) {
    if (toCells(next.value).some((cell) => cell !== '')) {
      headerRow = next.value;
      break;
    }
  }
  if (!headerRow) throw new UnreadableFileError('IMPORT.EMPTY_FILE', 'La hoja del libro de Excel está vacía.');
  async function* rows(): AsyncGenerator<TableRow> {
    let count = 0;
    for (let next = await rowIterator.next(); !next.done; next = await rowIterator.next()) {
      const cells = toCells(next.value);
      if (cells.every((cell) => cell === '')) continue;
      if (++count > IMPORT_LIMITS.maxRows) throw new TooManyRowsError();
      yield { row: next.value.number, cells };
    }
  }
  return { format: 'XLSX', sheet: worksheet.name ?? null, header: toCells(headerRow), rows: rows() };
}

/**
 * exceljs reads a sheet as soon as its zip entry comes if the relationships and shared strings came
 * before it, and otherwise keeps it in a temporary file until the end. It forgets that the sheets'
 * names come in xl/workbook.xml: a zip that has that part after a sheet (any order is valid, and
 * exceljs's own writer varies it from one file to the next) fails with "reading 'sheets'". Hiding the
 * relationships until the workbook part has been read makes such a sheet wait like the others.
 */
function waitForSheetNames(reader: ExcelJS.stream.xlsx.WorkbookReader): void {
  const internals = reader as unknown as { model?: unknown; workbookRels?: unknown };
  let relationships: unknown;
  Object.defineProperty(internals, 'workbookRels', {
    get: () => (internals.model ? relationships : undefined),
    set: (value: unknown) => (relationships = value),
  });
}

const normalizeSheet = (name: string) => name.trim().toLocaleLowerCase('es');
