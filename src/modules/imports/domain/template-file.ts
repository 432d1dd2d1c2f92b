import { PassThrough } from 'node:stream';
import type ExcelJSModule from 'exceljs';
import type { ColumnSpec } from './columns';
import { CSV_BOM, csvLine } from './error-file';

export type TemplateFormat = 'csv' | 'xlsx';

export const TEMPLATE_CONTENT_TYPE: Record<TemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Cells by column key; a column without a value is an empty cell. */
export type TemplateRow = Record<string, string | undefined>;

/**
 * The file of an import's template: its headers, then rows in the template's column order. The same
 * writer serves the empty template (one example row) and a company's price list (every price, page by page),
 * so a downloaded list is exactly the template a laboratory imports back.
 * CSV: `;`, UTF-8 with BOM, Excel-safe cells; XLSX: sheet "Datos", bold headers, codes as text (Excel would
 * drop a FONASA code's leading zero), other whole numbers as numbers. Pages are written as they come: the
 * file is never held whole.
 */
export function templateFile(columns: readonly ColumnSpec[], format: TemplateFormat, pages: AsyncIterable<TemplateRow[]> | Iterable<TemplateRow[]>): AsyncIterable<string | Uint8Array> {
  const header = columns.map((c) => c.header);
  const cells = (row: TemplateRow) => columns.map((c) => row[c.key] ?? '');
  return format === 'csv' ? csvPieces(header, cells, pages) : xlsxPieces(header, cells, pages);
}

async function* csvPieces(header: string[], cells: (row: TemplateRow) => string[], pages: AsyncIterable<TemplateRow[]> | Iterable<TemplateRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const page of pages) if (page.length > 0) yield page.map((row) => csvLine(cells(row))).join('');
}

/** The stream took what it had buffered, or was closed (the reader went away). */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

function xlsxPieces(header: string[], cells: (row: TemplateRow) => string[], pages: AsyncIterable<TemplateRow[]> | Iterable<TemplateRow[]>): AsyncIterable<Uint8Array> {
  const out = new PassThrough();
  // An empty cell is left empty, not an empty text.
  const typed = (values: string[]) => values.map((value, i) => (value === '' ? null : /^\d+$/.test(value) && !/codigo/.test(header[i]) ? Number(value) : value));
  const write = async () => {
    const workbook = new (require('exceljs') as typeof ExcelJSModule).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Datos');
    sheet.columns = header.map(() => ({ width: 22 }));
    const top = sheet.addRow(header);
    top.font = { bold: true };
    top.commit();
    for await (const page of pages) {
      // A download cut short: nothing more to read or write.
      if (out.destroyed) return;
      for (const row of page) sheet.addRow(typed(cells(row))).commit();
      // The next page is read only once the reader has taken this one.
      if (out.writableNeedDrain) await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  // The workbook is written as the response reads it; a failure cuts the download rather than ending it as if whole.
  write().catch((failure: unknown) => out.destroy(failure instanceof Error ? failure : new Error(String(failure))));
  return out;
}
