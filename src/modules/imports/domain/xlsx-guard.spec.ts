import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { READER_LIMITS, readTableInThread } from './read-table-in-thread';
import { XLSX_LIMITS } from './xlsx-guard';

/** Tiny spreadsheets that unzip to far more than any price list: each refused early, with a clear error, in little memory. */
describe('hostile spreadsheets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function xlsx(name: string, parts: Record<string, string>): Promise<{ path: string; size: number }> {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
    zip.file('xl/workbook.xml', '<?xml version="1.0"?><workbook><sheets><sheet name="Precios" sheetId="1" r:id="rId1"/></sheets></workbook>');
    for (const [part, text] of Object.entries(parts)) zip.file(part, text);
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return { path, size: bytes.length };
  }

  /**
   * Reads the file as an upload is read (in the reading thread), answering the error, how much the process's
   * memory grew meanwhile (at its peak, the thread included) and the most heap the thread used.
   */
  async function open(file: { path: string; size: number }) {
    const base = process.memoryUsage.rss();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
    try {
      const table = await readTableInThread(file.path, file.size);
      for await (const _ of table.rows);
      await table.close();
      return { error: undefined, grewMb: (peak - base) / 2 ** 20 };
    } catch (error) {
      return { error: error as { code?: number; error?: string; message?: string }, grewMb: (Math.max(peak, process.memoryUsage.rss()) - base) / 2 ** 20 };
    } finally {
      clearInterval(sampler);
    }
  }

  const sheet = (rows: string) => `<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`;

  it('refuses a shared string of tens of megabytes, unzipped from a few kilobytes', async () => {
    const file = await xlsx('texto-enorme.xlsx', { 'xl/sharedStrings.xml': `<sst><si><t>${'A'.repeat(XLSX_LIMITS.sharedStringsBytes + 1024)}</t></si></sst>`, 'xl/worksheets/sheet1.xml': sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') });
    expect(file.size).toBeLessThan(200_000);
    const opened = await open(file);
    expect(opened.error).toMatchObject({ error: 'IMPORT.XLSX_TOO_COMPLEX', message: expect.stringContaining('sus textos ocupan más de 40 MB') });
    // The whole text is never held, and the reading never needs more than its thread's ceiling (old and young generations).
    expect(opened.grewMb).toBeLessThan(READER_LIMITS.heapMb + 16);
  });

  it('refuses a sheet of hundreds of thousands of empty rows before reading one', async () => {
    const rows = Array.from({ length: XLSX_LIMITS.rowElements + 10 }, (_, i) => `<row r="${i + 1}"/>`).join('');
    const file = await xlsx('filas-vacias.xlsx', { 'xl/worksheets/sheet1.xml': sheet(rows) });
    const opened = await open(file);
    expect(opened.error).toMatchObject({ error: 'IMPORT.XLSX_TOO_COMPLEX', message: expect.stringContaining('filas') });
    expect(opened.grewMb).toBeLessThan(READER_LIMITS.heapMb + 16);
  });

  it('refuses a DOCTYPE (entities that expand without end) with a clear error, never a 500', async () => {
    const file = await xlsx('entidades.xlsx', { 'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>` });
    expect((await open(file)).error).toMatchObject({ status: 400, error: 'IMPORT.XLSX_TOO_COMPLEX', message: expect.stringContaining('DOCTYPE') });
  });

  it('refuses one cell longer than Excel allows', async () => {
    const file = await xlsx('celda-larga.xlsx', { 'xl/worksheets/sheet1.xml': sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'B'.repeat(XLSX_LIMITS.cellChars * 4 + 10)}</t></is></c></row>`) });
    expect((await open(file)).error).toMatchObject({ error: 'IMPORT.XLSX_TOO_COMPLEX', message: expect.stringContaining('caracteres') });
  });

  it('refuses a zip that is no spreadsheet as unreadable', async () => {
    const path = join(dir, 'roto.xlsx');
    writeFileSync(path, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect((await open({ path, size: 204 })).error).toMatchObject({ error: 'IMPORT.UNREADABLE_FILE' });
  });
});
