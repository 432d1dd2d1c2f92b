import type { ImportRowError } from '../../../contracts/imports';

/** Excel reads a `;`-separated file in the Chilean locale as columns, and the BOM as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/**
 * A cell of a CSV a person opens in Excel. Text starting with `=`, `+`, `-`, `@`, tab or carriage
 * return would be read as a formula (CSV injection): it is prefixed with `'`, which Excel shows as
 * text. Cells with the separator, quotes or line breaks are quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => cells.map(csvCell).join(CSV_SEPARATOR) + '\r\n';

export const ERROR_FILE_HEADER = csvLine(['fila', 'columna', 'valor', 'codigo', 'mensaje']);

export const errorLine = (error: ImportRowError) => csvLine([error.row, error.column, error.value, error.code, error.message]);
