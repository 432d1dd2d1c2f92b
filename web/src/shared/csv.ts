import { saveBlob } from './save-file';

/**
 * CSV as Excel opens it in Chile: `;` between fields (the comma is the decimal separator in
 * es-CL), CRLF line ends and a UTF-8 byte-order mark so accents survive.
 */
export function toCsv<T>(rows: T[], columns: { header: string; value: (row: T) => string | number | null | undefined }[]): string {
  const cell = (v: string | number | null | undefined) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [columns.map((c) => cell(c.header)).join(';'), ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadFile(filename: string, content: string, type = 'text/csv;charset=utf-8') {
  saveBlob(filename, new Blob([content], { type }));
}
