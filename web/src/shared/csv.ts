import { CSV_BOM, csvLine } from '@contracts';
import { saveBlob } from './save-file';

/** Rows as the CSV the server writes too (`@contracts`' csvLine: `;`, CRLF, BOM, and the formula guard). */
export function toCsv<T>(rows: T[], columns: { header: string; value: (row: T) => string | number | null | undefined }[]): string {
  const lines = [csvLine(columns.map((c) => c.header)), ...rows.map((row) => csvLine(columns.map((c) => c.value(row))))];
  return `${CSV_BOM}${lines.join('')}`;
}

export function downloadFile(filename: string, content: string, type = 'text/csv;charset=utf-8') {
  saveBlob(filename, new Blob([content], { type }));
}
