import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { READER_LIMITS, readTableInThread } from './read-table-in-thread';

describe('reading an upload in a thread of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reader-thread-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return { path, size: Buffer.byteLength(bytes) };
  };
  const priceList = (rows: number) => ['codigo_sucursal;codigo_fonasa;examen;precio', ...Array.from({ length: rows }, (_, i) => `SUC-${i % 500};${String(301000 + (i % 3000)).padStart(7, '0')};Examen número ${i} con su nombre completo;${5000 + i}`)].join('\r\n');
  const readAll = async (path: string, size: number, options: { sheet?: string; limits?: Parameters<typeof readTableInThread>[3] } = {}) => {
    const table = await readTableInThread(path, size, { sheet: options.sheet }, options.limits);
    try {
      const rows = [];
      for await (const row of table.rows) rows.push(row);
      return { format: table.format, sheet: table.sheet, header: table.header, rows, peakHeapBytes: table.peakHeapBytes() };
    } finally {
      await table.close();
    }
  };

  it('hands over the same header and rows as reading in place, a batch at a time', async () => {
    const { path, size } = file('five.csv', 'codigo;precio\r\n0301045;6500\r\n0301046;7000\r\n\r\n0301047;7500\r\n0301048;8000\r\n0301049;8500\r\n');
    const table = await readAll(path, size, { limits: { ...READER_LIMITS, batchRows: 2 } });
    expect(table).toMatchObject({ format: 'CSV', sheet: null, header: ['codigo', 'precio'] });
    expect(table.rows.map((r) => [r.row, r.cells[0]])).toEqual([[2, '0301045'], [3, '0301046'], [5, '0301047'], [6, '0301048'], [7, '0301049']]);
  });

  it('answers the reader’s own errors in the envelope’s terms: an unknown sheet names the sheets there are', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Precios').addRow(['codigo', 'precio']);
    const { path, size } = file('libro.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    await expect(readAll(path, size, { sheet: 'Otra' })).rejects.toMatchObject({ status: 400, error: 'IMPORT.UNKNOWN_SHEET', errors: { sheet: ['El libro no tiene una hoja llamada "Otra"; sus hojas son: Precios.'] } });
  });

  it('reads 200,000 rows within the heap ceiling, using little more heap than for 20,000', async () => {
    const small = file('small.csv', priceList(20_000));
    const large = file('large.csv', priceList(200_000));
    const few = await readAll(small.path, small.size);
    const many = await readAll(large.path, large.size);
    expect(many.rows).toHaveLength(200_000);
    expect(many.rows[199_999]).toEqual({ row: 200_001, cells: ['SUC-499', '0302999', 'Examen número 199999 con su nombre completo', '204999'] });
    // Streamed: the heap follows the batch, not the file (the whole file held would take far more than this margin).
    expect(many.peakHeapBytes).toBeLessThan(READER_LIMITS.heapMb * 1024 * 1024);
    expect(many.peakHeapBytes - few.peakHeapBytes).toBeLessThan(16 * 1024 * 1024);
  });

  it('stops a reading that needs more heap than its ceiling, with a clear error, and this process goes on', async () => {
    // One row of 2,000,000 cells (a 4 MB file, under the size limit): its array alone is over an 8 MB heap. (One huge
    // cell would not do: Node keeps a long text outside the heap.)
    const { path, size } = file('one-wide-row.csv', `codigo;nota\r\n0301045${';x'.repeat(2_000_000)}\r\n`);
    await expect(readAll(path, size, { limits: { ...READER_LIMITS, heapMb: 8 } })).rejects.toMatchObject({ status: 400, error: 'IMPORT.FILE_TOO_COMPLEX' });
    expect((await readAll(path, size)).rows[0].cells).toHaveLength(2_000_001);
  });

  it('stops a reading that outlasts its time limit', async () => {
    const { path, size } = file('slow.csv', priceList(10));
    await expect(readAll(path, size, { limits: { ...READER_LIMITS, timeMs: 0 } })).rejects.toMatchObject({ status: 400, error: 'IMPORT.READ_TIMEOUT' });
  });
});
