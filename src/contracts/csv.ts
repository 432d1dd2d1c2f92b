/**
 * The CSV files people open in Excel, written the same way by the server (imports' error files,
 * reports' exports) and by the web app (the back office's "Exportar CSV"): `;` between fields (the
 * comma is the decimal separator in es-CL), CRLF line ends, and a UTF-8 byte-order mark so accents
 * survive.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/**
 * Text Excel would read as a formula (CSV injection): `=`, `+`, `-`, `@`, a tab or a carriage return
 * first, and their full-width forms (`＝` and the like, which Excel also evaluates).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell: text that would start a formula is prefixed with `'` (Excel shows it as text); cells with
 * the separator, a comma, quotes or line breaks are quoted. Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(CSV_SEPARATOR) + '\r\n';
