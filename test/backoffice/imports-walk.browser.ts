import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { choose, logIn, lookAtBothWidths } from '../support/backoffice';
import { waitFor } from '../support/wait';

const PROVIDER = { email: 'prv@importa-walk.cl', password: 'clave-importa-walk-1' };
describe('a provider imports a price list from a spreadsheet in /app/imports', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let branch: number;
  let file: string;

  beforeAll(async () => {
    if (process.env.SHOTS_DIR) await mkdir(process.env.SHOTS_DIR, { recursive: true });
    ({ t, base, browser } = await startBrowserApp(4));
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const company = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED' }, orderBy: { id: 'asc' } });
    const provider = await createProvider(t, admin, company.id, PROVIDER.email, PROVIDER.password);
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } });
    const registered = await t.http.post('/api/priv/laboratory').set('Authorization', `Bearer ${provider.token}`).send({ identifierName: 'Sucursal Importada', addressLine1: 'Av. Irarrázaval 4000', comunaId: comuna.id });
    branch = registered.body.data.id;
    // The market for a glucose test in the region: an authorized price of another branch in the same comuna.
    const glucosa = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0302047' } });
    await t.prisma.laboratory.create({ data: { companyId: company.id, identifierName: 'Mercado Ñuñoa', addressLine1: 'Av. Grecia 100', comunaId: comuna.id, exams: { create: { examId: glucosa.id, price: 2500, status: 'AUTHORIZED' } } } });
    // As Excel in Chile saves it: semicolons, Windows-1252 (the "ñ" of the note is one byte), a header in Spanish with accents.
    const lines = [
      'ID Sucursal;Código FONASA;Examen;Precio',
      `${branch};0301045;Hemograma;4.900`,
      `${branch};0302076;Perfil lipídico;-5`,
      `${branch};9999999;Examen inexistente;3000`,
      `${branch};03-03-024;Urocultivo;12500`,
      // An extra zero or two: far from the region's prices, flagged and left out before confirming.
      `${branch};0302047;Glucosa;250.000`,
    ];
    file = join(tmpdir(), `precios-${process.pid}.csv`);
    await writeFile(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  const offers = () => t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch }, include: { exam: true }, orderBy: { exam: { code: 'asc' } } });

  it('uploads a file with errors from the prices tab, reads the review, confirms, follows the import and downloads the error report', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, PROVIDER);
    await page.waitForURL(`${base}/app`);

    // From the branch's prices tab: the import of prices, for its company.
    await page.goto(`${base}/app/laboratories/view/${branch}`);
    await page.getByRole('tab', { name: 'Precios' }).click();
    await page.getByRole('link', { name: 'Importar precios' }).click();
    await page.waitForURL(/\/app\/imports\/new\?kind=laboratory-exam/);
    await page.getByRole('heading', { name: 'Nueva importación', level: 1 }).waitFor();
    // Sending without a file says what is missing, beside the field.
    await page.getByRole('button', { name: 'Revisar el archivo' }).click();
    await page.getByText('Elige el archivo que quieres importar.').waitFor();
    await lookAtBothWidths(page, 'import-new');
    await page.setInputFiles('#import-file', file);
    await page.getByRole('button', { name: 'Revisar el archivo' }).click();

    // The review: nothing is written yet; five rows, three new, two with errors, one price far from the market.
    await page.waitForURL(/\/app\/imports\/view\/\d+$/);
    const importId = Number(/view\/(\d+)$/.exec(page.url())![1]);
    const summary = page.getByRole('list', { name: 'Resumen de la revisión' });
    await summary.waitFor();
    const tile = (label: string) => summary.getByRole('listitem').filter({ hasText: label }).locator('.cl-dashboard__count');
    await expect(tile('Filas').textContent()).resolves.toBe('5');
    await expect(tile('Nuevas').textContent()).resolves.toBe('3');
    await expect(tile('Con errores').textContent()).resolves.toBe('2');
    await expect(tile('Precios con alertas').textContent()).resolves.toBe('1');
    const rows = page.getByRole('table', { name: 'Filas del archivo' });
    // It opens on the alerts: the price it sets, what it was checked against, and why it is flagged; the person leaves it out.
    const flagged = rows.locator('tbody tr');
    await flagged.getByTestId('row-flags').getByText('Lejos del mercado').waitFor();
    await expect(flagged.count()).resolves.toBe(1);
    await expect(flagged.textContent()).resolves.toMatch(/nuevo: \$250\.000.*Mediana de la región: \$[\d.]+/);
    await rows.getByRole('checkbox', { name: 'Excluir fila 6' }).check();
    await lookAtBothWidths(page, 'import-flagged');
    await choose(page, 'import-rows-show', 'Todas las filas');
    await rows.getByText('El precio no puede ser negativo.', { exact: false }).waitFor();
    await rows.getByText('No existe un examen con este código FONASA.', { exact: false }).waitFor();
    expect(await offers()).toEqual([]);
    await lookAtBothWidths(page, 'import-review');

    // Only the rows with errors, then all of them again.
    await choose(page, 'import-rows-show', 'Con errores');
    expect(await waitFor(() => rows.locator('tbody tr').count(), (n) => n === 2)).toBe(2);

    // Confirm: the valid rows but the one left out import as a job, and the screen follows it to its result.
    await page.getByRole('button', { name: 'Importar 2 filas' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmar la importación' });
    await expect(confirmation.textContent()).resolves.toContain('Importaremos 2 filas y dejaremos fuera 2 con errores y 1 que excluiste.');
    await confirmation.getByRole('button', { name: 'Importar' }).click();
    await page.getByText('Importación terminada: 2 nuevas · 2 no importadas · 1 excluida.').waitFor();
    await expect(page.getByTestId('import-pending').textContent()).resolves.toBe('2 precios esperan la autorización de un administrador antes de publicarse. Ver precios por autorizar');
    const imported = await offers();
    expect(imported.map((o) => [o.exam.code, o.price, o.status])).toEqual([['0301045', 4_900, 'PENDING'], ['0303024', 12_500, 'PENDING']]);
    await lookAtBothWidths(page, 'import-done');

    // The error report, for Excel: UTF-8 with BOM, row, column, value, code and message.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar informe de errores' }).click();
    const report = await readFile((await (await downloading).path())!);
    expect(report.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = report.toString('utf8');
    expect(text).toContain('NEGATIVE_PRICE');
    expect(text).toContain('UNKNOWN_EXAM');
    expect(text).toMatch(/^\uFEFF?fila;columna;valor;codigo;mensaje/);

    // The history lists it, with its result.
    await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Importaciones' }).click();
    await page.waitForURL(`${base}/app/imports`);
    const row = page.getByRole('row').filter({ hasText: `precios-${process.pid}.csv` });
    await expect(row.textContent()).resolves.toContain('Importada');
    await expect(row.textContent()).resolves.toContain('2 nuevas');
    await lookAtBothWidths(page, 'import-history');
    expect(importId).toBeGreaterThan(0);
    await context.close();
  }, 180_000);

  it('downloads the price list from the prices tab, in the import template’s shape, for one branch, as Excel or CSV', async () => {
    // bypassCSP: axe is injected to check the dialog (a test tool, not part of the page).
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, PROVIDER);
    await page.waitForURL(`${base}/app`);
    const { branchCode } = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branch } });
    await page.goto(`${base}/app/laboratories/view/${branch}`);
    await page.getByRole('tab', { name: 'Precios' }).click();
    await page.getByRole('button', { name: 'Descargar mi lista de precios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Descargar mi lista de precios' });
    await dialog.waitFor();
    await choose(page, 'price-list-branch', `${branchCode} · Sucursal Importada`, 'Importada');
    await lookAtBothWidths(page, 'price-list-download');
    expect(await axeViolations(page, 'price-list-download')).toEqual([]);

    // Excel first (the default): the template's headers, the branch's code, codes as text, prices as numbers.
    let downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar', exact: true }).click();
    let file = await downloading;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^lista-de-precios-.+-${branchCode!.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.map((r) => [r[0], r[2], r[4]])).toEqual([['codigo_sucursal', 'codigo_fonasa', 'precio'], [branchCode, '0301045', 4_900], [branchCode, '0303024', 12_500]]);
    await dialog.waitFor({ state: 'hidden' });

    // Then CSV, for Excel in Chile: UTF-8 with BOM, `;`.
    await page.getByRole('button', { name: 'Descargar mi lista de precios' }).click();
    await choose(page, 'price-list-branch', `${branchCode} · Sucursal Importada`, 'Importada');
    await dialog.getByRole('radio', { name: 'CSV' }).check();
    downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar', exact: true }).click();
    file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await file.path())!)).toString('utf8');
    expect(text.startsWith('\uFEFFcodigo_sucursal;id_sucursal;codigo_fonasa;examen;precio\r\n')).toBe(true);
    expect(text.trimEnd().split('\r\n').slice(1).map((l) => [l.split(';')[0], l.split(';')[2], l.split(';').at(-1)])).toEqual([[branchCode, '0301045', '4900'], [branchCode, '0303024', '12500']]);
    await context.close();
  }, 120_000);
});
