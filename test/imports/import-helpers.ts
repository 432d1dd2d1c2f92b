import ExcelJS from 'exceljs';
import type { ImportDryRun, ImportJob } from '../../src/contracts/imports';
import type { TestApp } from '../support/app';
import { waitFor } from '../support/wait';

/** Uploads a file to one of the import routes as a person's browser would (multipart). */
export async function upload(t: TestApp, token: string, route: string, file: Buffer, fileName: string, fields: Record<string, string | number | boolean> = {}) {
  let request = t.http.post(route).set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) request = request.field(name, String(value));
  const answer = await request.attach('file', file, fileName);
  return answer.body as { code: number; data: ImportDryRun; error?: string; message?: string; errors?: Record<string, string[]> };
}

/** Polls the import until it is no longer queued or running, as the screen does. */
export async function finished(t: TestApp, token: string, importId: number, timeoutMs = 60_000): Promise<ImportJob> {
  const read = async () => (await t.http.get(`/api/imports/${importId}`).set('Authorization', `Bearer ${token}`)).body.data as ImportJob;
  const job = await waitFor(read, (j) => !['QUEUED', 'RUNNING', 'VALIDATED'].includes(j.status), timeoutMs);
  if (['QUEUED', 'RUNNING'].includes(job.status)) throw new Error(`import ${importId} did not finish: ${JSON.stringify(job)}`);
  return job;
}

/** A CSV as Excel in Chile saves it: `;`-separated, CRLF, Windows-1252 unless asked otherwise. */
export function csv(rows: string[][], encoding: 'windows-1252' | 'utf-8' | 'utf-8-bom' = 'windows-1252', delimiter = ';'): Buffer {
  const text = rows.map((r) => r.map((c) => (/[;",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter)).join('\r\n') + '\r\n';
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  // Every character used in tests is in Latin-1, where Windows-1252 and ISO-8859-1 agree.
  return Buffer.from(text, 'latin1');
}

export async function xlsx(rows: (string | number)[][], sheet = 'Precios', before: string[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const name of before) workbook.addWorksheet(name).addRow(['nada que ver']);
  const worksheet = workbook.addWorksheet(sheet);
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Events that change what the catalogue or the search shows: every one but the mail-only "an import ended". */
export const catalogueEvents = (t: TestApp) => t.prisma.outboxEvent.count({ where: { type: { not: 'ImportFinished' } } });
