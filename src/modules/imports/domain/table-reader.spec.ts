import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { parseOpeningHours } from '../kinds/laboratory.kind';
import { normalizeExamCode } from '../kinds/laboratory-exam.kind';
import { matchHeader, normalizeHeader, parsePesos } from './columns';
import { csvCell, csvLine } from './error-file';
import { openTable } from './table-reader';

describe('reading files as people have them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'imports-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return { path, size: bytes.length };
  };
  const readAll = async (path: string, size: number, sheet?: string) => {
    const table = await openTable(path, size, { sheet });
    const rows = [];
    for await (const row of table.rows) rows.push(row);
    return { ...table, rows };
  };

  it.each([
    ['UTF-8 with BOM, comma', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Código,Año\r\n0301045,Ñuñoa\r\n', 'utf8')])],
    ['UTF-8 without BOM, semicolon', Buffer.from('Código;Año\n0301045;Ñuñoa\n', 'utf8')],
    ['Windows-1252, semicolon', Buffer.from('Código;Año\r\n0301045;Ñuñoa\r\n', 'latin1')],
    ['UTF-16 with BOM, tab', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Código\tAño\r\n0301045\tÑuñoa\r\n', 'utf16le')])],
  ])('%s', async (name, bytes) => {
    const { path, size } = file(`${name}.csv`, bytes);
    const table = await readAll(path, size);
    expect(table).toMatchObject({ format: 'CSV', header: ['Código', 'Año'], rows: [{ row: 2, cells: ['0301045', 'Ñuñoa'] }] });
  });

  it('counts file lines as row numbers, even across quoted line breaks and blank lines', async () => {
    const { path, size } = file('multiline.csv', Buffer.from('a;b\n1;"dos\nlíneas"\n\n3;x\n', 'utf8'));
    expect((await readAll(path, size)).rows).toEqual([{ row: 2, cells: ['1', 'dos\nlíneas'] }, { row: 5, cells: ['3', 'x'] }]);
  });

  it('reads the first XLSX sheet, or the one named, with numbers as text', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notas').addRow(['léeme']);
    const sheet = workbook.addWorksheet('Precios');
    sheet.addRow(['codigo', 'precio', 'nota']);
    sheet.addRow(['0301045', 6500, { richText: [{ text: 'en ' }, { text: 'ayunas', font: { bold: true } }] }]);
    const { path, size } = file('libro.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect((await readAll(path, size)).header).toEqual(['léeme']);
    expect(await readAll(path, size, 'precios')).toMatchObject({ format: 'XLSX', sheet: 'Precios', rows: [{ row: 2, cells: ['0301045', '6500', 'en ayunas'] }] });
    await expect(openTable(path, size, { sheet: 'Otra' })).rejects.toMatchObject({ error: 'IMPORT.UNKNOWN_SHEET' });
  });

  it('reads a workbook whose sheet names come after its sheets in the zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notas').addRow(['léeme']);
    workbook.addWorksheet('Precios').addRow(['codigo', 'precio']).commit();
    const written = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    // The zip's own order decides when exceljs reads each part: the relationships and shared strings
    // first, then the sheets, then the part that names them (and the document properties after it).
    const names = Object.keys(written.files).filter((name) => !written.files[name].dir);
    const rank = (name: string) => (/^docProps\//.test(name) ? 3 : name === 'xl/workbook.xml' ? 2 : /worksheets\/sheet/.test(name) ? 1 : 0);
    const reordered = new JSZip();
    for (const name of names.sort((a, b) => rank(a) - rank(b))) reordered.file(name, await written.file(name)!.async('nodebuffer'));
    const { path, size } = file('desordenado.xlsx', await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(await readAll(path, size, 'Precios')).toMatchObject({ sheet: 'Precios', header: ['codigo', 'precio'] });
    await expect(openTable(path, size, { sheet: 'Otra' })).rejects.toMatchObject({ error: 'IMPORT.UNKNOWN_SHEET', message: expect.stringContaining('Notas') });
  });

  describe('whatever the order of the parts in the zip', () => {
    // Other tools (LibreOffice, Google Sheets, a LIS's own writer) order a zip's parts as they like;
    // exceljs reads them in that order and raced on some orders (about one read in six).
    const parts = (async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Notas').addRow(['léeme']);
      const prices = workbook.addWorksheet('Precios');
      prices.addRow(['codigo', 'precio', 'nota']);
      prices.addRow(['0301045', 6500, 'en ayunas']);
      prices.addRow([]);
      prices.addRow(['0302047', 3200, 'sin preparación']);
      workbook.addWorksheet('Convenios').addRow(['convenio', 'descuento']);
      const written = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
      const names = Object.keys(written.files).filter((name) => !written.files[name].dir);
      return Promise.all(names.map(async (name) => [name, await written.file(name)!.async('nodebuffer')] as const));
    })();
    const sheetPart = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
    const ordered = async (name: string, arrange: (names: string[]) => string[]) => {
      const bytes = new Map(await parts);
      const zip = new JSZip();
      for (const part of arrange([...bytes.keys()])) zip.file(part, bytes.get(part)!);
      return file(name, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    };
    // A stable sort: parts of equal rank keep the order exceljs wrote them in (sheet1, sheet2, …).
    const byRank = (rank: (part: string) => number) => (names: string[]) => [...names].sort((a, b) => rank(a) - rank(b));
    const orders: [string, (names: string[]) => string[]][] = [
      // Shared strings, then the sheets, then the part that names them as the zip's very last entry.
      ['the workbook part last', byRank((part) => (part === 'xl/workbook.xml' ? 3 : sheetPart(part) ? 2 : part === 'xl/sharedStrings.xml' ? 1 : 0))],
      ['the sheets first of all, then the shared strings', byRank((part) => (sheetPart(part) ? 0 : part === 'xl/sharedStrings.xml' ? 1 : 2))],
      ['the sheets before the shared strings, which come last', byRank((part) => (part === 'xl/sharedStrings.xml' ? 3 : sheetPart(part) ? 2 : /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels)$/.test(part) ? 0 : 1))],
      ['the relationships last', byRank((part) => (part === 'xl/_rels/workbook.xml.rels' ? 2 : sheetPart(part) ? 1 : 0))],
      ['every part backwards', (names) => [...names].reverse()],
    ];

    it.each(orders)('reads the named sheet, every time, with %s', async (name, arrange) => {
      const { path, size } = await ordered(`${name}.xlsx`, arrange);
      const failures: string[] = [];
      for (let read = 0; read < 200; read++) {
        try {
          const table = await readAll(path, size, 'precios');
          expect(table).toEqual({
            format: 'XLSX',
            sheet: 'Precios',
            header: ['codigo', 'precio', 'nota'],
            rows: [{ row: 2, cells: ['0301045', '6500', 'en ayunas'] }, { row: 4, cells: ['0302047', '3200', 'sin preparación'] }],
          });
        } catch (error) {
          failures.push(`read ${read}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`);
        }
      }
      // How many of the 200 reads went wrong, and how (the distinct ways), in one short message.
      expect({ failed: failures.length, ways: [...new Set(failures.map((failure) => failure.replace(/^read \d+: /, '')))] }).toEqual({ failed: 0, ways: [] });
      expect(await readAll(path, size, 'CONVENIOS')).toMatchObject({ sheet: 'Convenios', header: ['convenio', 'descuento'], rows: [] });
      expect(await readAll(path, size)).toMatchObject({ sheet: 'Notas', header: ['léeme'] });
      await expect(openTable(path, size, { sheet: 'Otra' })).rejects.toMatchObject({
        error: 'IMPORT.UNKNOWN_SHEET',
        message: expect.stringMatching(/Notas.*Precios.*Convenios/),
      });
    });
  });

  it('keeps a character cut between two unzipped chunks whole', async () => {
    // Text of two- and three-byte characters (each row its own shared string): the chunks the zip
    // unzips to cut some of them in two.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Precios');
    sheet.addRow(['codigo', 'nombre']);
    for (let i = 0; i < 500; i++) sheet.addRow([`0${301000 + i}`, `${'ñ€'.repeat(200)} ${i}`]);
    const { path, size } = file('acentos.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const { rows } = await readAll(path, size);
    expect(rows).toHaveLength(500);
    expect(rows.filter((row) => row.cells[1] !== `${'ñ€'.repeat(200)} ${row.row - 2}`).map((row) => row.row)).toEqual([]);
  });

  it('names the sheets of a workbook whose relationships point from the package root (openpyxl)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notas').addRow(['léeme']);
    workbook.addWorksheet('Precios').addRow(['codigo', 'precio']);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
    zip.file('xl/_rels/workbook.xml.rels', rels.replaceAll('Target="worksheets/', 'Target="/xl/worksheets/'));
    const { path, size } = file('openpyxl.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(await readAll(path, size, 'precios')).toMatchObject({ sheet: 'Precios', header: ['codigo', 'precio'] });
  });

  it('leaves nothing open when the rows are not read, or not read to the end', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Precios');
    sheet.addRow(['codigo', 'precio']);
    for (let i = 0; i < 5000; i++) sheet.addRow([`0${301000 + i}`, i]);
    const { path, size } = file('abierto.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let i = 0; i < 10; i++) {
      // A header without the expected columns: the rows are never read.
      await openTable(path, size);
      // An error half-way through the rows: the reading stops there.
      for await (const row of (await openTable(path, size)).rows) if (row.row > 100) break;
    }
    // Files are closed asynchronously: wait a little for the last ones.
    for (let wait = 0; wait < 50 && openFiles() > before; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openFiles()).toBeLessThanOrEqual(before);
  });

  it('refuses what is not a table before reading rows', async () => {
    const empty = file('vacio.csv', Buffer.alloc(0));
    await expect(openTable(empty.path, 0)).rejects.toMatchObject({ error: 'IMPORT.EMPTY_FILE' });
    const binary = file('imagen.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    await expect(openTable(binary.path, binary.size)).rejects.toMatchObject({ error: 'IMPORT.UNREADABLE_ENCODING' });
    await expect(openTable(binary.path, 21 * 1024 * 1024)).rejects.toMatchObject({ error: 'IMPORT.FILE_TOO_LARGE', status: 413 });
  });
});

describe('headers and values', () => {
  it('matches Spanish headers without accents, case or separators, and names every missing column', () => {
    expect(normalizeHeader(' Código_FONASA ')).toBe('codigo fonasa');
    const columns = [
      { key: 'code', header: 'codigo_fonasa', aliases: ['codigo'], required: true, example: '' },
      { key: 'price', header: 'precio', required: true, example: '' },
      { key: 'note', header: 'nota', example: '' },
    ];
    expect([...matchHeader(columns, ['PRECIO', 'Código']).entries()]).toEqual([['code', 1], ['price', 0]]);
    expect(() => matchHeader(columns, ['nota'])).toThrow(/Faltan columnas en el archivo: codigo_fonasa, precio/);
  });

  it.each([
    ['12.500', 12500], ['12500', 12500], ['$ 12.500', 12500], ['12500,0', 12500], ['12500.00', 12500], ['1.234.567', 1234567], ['-500', -500],
    ['12,5', null], ['1.5', null], ['doce', null], ['', null],
  ])('reads %s as whole pesos: %s', (text, pesos) => {
    expect(parsePesos(text)).toBe(pesos);
  });

  it('reads FONASA codes as Excel leaves them', () => {
    expect(['0301045', '301045', '03-01-045', '03.01.045'].map(normalizeExamCode)).toEqual(['0301045', '0301045', '0301045', '0301045']);
    expect(normalizeExamCode('abc')).toBeNull();
  });

  it('reads opening hours in Spanish, holidays included', () => {
    expect(parseOpeningHours('lunes a miércoles 08:00-13:00; ju, vi 8:30 a 17:00; fe 10:00-12:00')).toEqual([
      { day: 1, opens: '08:00', closes: '13:00' }, { day: 2, opens: '08:00', closes: '13:00' }, { day: 3, opens: '08:00', closes: '13:00' },
      { day: 4, opens: '08:30', closes: '17:00' }, { day: 5, opens: '08:30', closes: '17:00' }, { day: 8, opens: '10:00', closes: '12:00' },
    ]);
    expect(parseOpeningHours('todo el día')).toBeNull();
    expect(parseOpeningHours('lu 18:00-08:00')).toBeNull();
  });
});

describe('the error file', () => {
  it('never leaves a formula live, and quotes what needs quoting', () => {
    expect(['=1+1', '+56 9', '-500', '@SUM(A1)', '\tx', 'normal', 'a;b', 'dijo "hola"'].map(csvCell)).toEqual([
      "'=1+1", "'+56 9", "'-500", "'@SUM(A1)", "'\tx", 'normal', '"a;b"', '"dijo ""hola"""',
    ]);
    expect(csvLine([7, 'precio', null, 'NEGATIVE_PRICE', 'El precio no puede ser negativo.'])).toBe('7;precio;;NEGATIVE_PRICE;El precio no puede ser negativo.\r\n');
  });
});
