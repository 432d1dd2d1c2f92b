import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { addPrice, choose, dottedCode, logIn } from '../support/backoffice';
import { waitFor } from '../support/wait';
import { clp } from '../support/format';

const PROVIDER_A = { email: 'prv@sucursal-a.cl', password: 'clave-sucursal-a-1' };
const PROVIDER_B = { email: 'prv@sucursal-b.cl', password: 'clave-sucursal-b-1' };
/** Set SHOTS_DIR to keep a screenshot of every screen (never in the repository). */
const SHOTS = process.env.SHOTS_DIR;

/** Signs in on /app/login with the shared helper and lands on the back office's home. */
async function logInAt(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/app/login`);
  await logIn(page, who);
  await page.waitForURL(`${base}/app`);
}

/** A screenshot when asked for, and in any case: nothing wider than the window. */
async function look(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('a provider keeps its branch and its prices in /app/laboratories', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let branch: number;
  let exams: { id: number; code: string; name: string }[];
  let regionName: string;
  let comunaName: string;

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    ({ t, base, browser } = await startBrowserApp(16));
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const [companyA, companyB] = (await t.prisma.company.findMany({ where: { status: 'APPROVED', laboratories: { some: {} } }, orderBy: { id: 'asc' }, take: 2 })).map((c) => c.id);
    const providerA = await createProvider(t, admin, companyA, PROVIDER_A.email, PROVIDER_A.password);
    await createProvider(t, admin, companyB, PROVIDER_B.email, PROVIDER_B.password);
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' }, include: { parent: true } });
    regionName = comuna.parent!.name;
    comunaName = comuna.name;
    // A branch as the provider registration leaves it: a name, an address and a comuna.
    const registered = await t.http.post('/api/priv/laboratory').set('Authorization', `Bearer ${providerA.token}`).send({ identifierName: 'Laboratorio Irarrázaval', addressLine1: 'Av. Irarrázaval 3050', comunaId: comuna.id });
    branch = registered.body.data.id;
    exams = await t.prisma.exam.findMany({ where: { isActive: true, code: { in: ['0301045', '0302076', '0303024'] } }, orderBy: { code: 'asc' }, select: { id: true, code: true, name: true } });
    expect(exams).toHaveLength(3);
  }, 180_000);
  afterAll(() => closeBrowserApp(t, browser));

  const offers = () => t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch }, orderBy: { examId: 'asc' } });

  it('completes the branch, adds three prices with the typeahead, reprices one, withdraws one and reads the history; another company is refused', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logInAt(page, base, PROVIDER_A);

    // The list: the provider's own branches only.
    await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Laboratorios' }).click();
    await page.waitForURL(`${base}/app/laboratories`);
    const table = page.locator('.cl-table');
    await table.getByText('Laboratorio Irarrázaval').waitFor();
    const companyA = (await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branch } })).companyId;
    const listed = await table.locator('tbody tr').count();
    expect(listed).toBe(await t.prisma.laboratory.count({ where: { companyId: companyA } }));
    await look(page, 'list');

    // Complete the branch: phone, hours (a weekday copied to the week, Saturday apart), FONASA level, insurers.
    await page.getByRole('link', { name: 'Editar Laboratorio Irarrázaval' }).click();
    await page.waitForURL(`${base}/app/laboratories/edit/${branch}`);
    await page.getByLabel('Teléfono').fill('22 345 6789');
    await page.getByLabel('Correo electrónico').fill('irarrazaval@laboratorio.cl');
    await page.locator('input[data-day="1"][data-edge="opens"]').fill('08:00');
    await page.locator('input[data-day="1"][data-edge="closes"]').fill('13:00');
    await page.getByRole('button', { name: 'Copiar el lunes a martes–viernes' }).click();
    await page.locator('input[data-day="6"][data-edge="opens"]').fill('09:00');
    await page.locator('input[data-day="6"][data-edge="closes"]').fill('12:00');
    // A closing time before the opening is caught before sending.
    await page.locator('input[data-day="8"][data-edge="opens"]').fill('12:00');
    await page.locator('input[data-day="8"][data-edge="closes"]').fill('10:00');
    await choose(page, 'laboratories-fonasaLevel', 'Nivel 2');
    await page.locator('.p-multiselect:has(#laboratories-insurerIds)').click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'FONASA (Fondo Nacional de Salud)' }).click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Isapre Banmédica' }).click();
    await page.keyboard.press('Escape');
    // Home collection: turned on, its own comuna comes in; a neighbour added; one fee for both.
    await page.getByText('Toma muestras a domicilio', { exact: true }).click();
    await page.getByLabel('Costo de la visita').fill('4990');
    await page.locator('.p-multiselect:has(#laboratories-homeComunaIds)').click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Providencia', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Festivos: la hora de cierre debe ser posterior a la de apertura.').waitFor();
    await look(page, 'edit');
    await page.locator('input[data-day="8"][data-edge="closes"]').fill('13:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${base}/app/laboratories/view/${branch}`);

    const saved = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branch }, include: { insurers: { include: { insurer: true } } } });
    expect(saved).toMatchObject({ phone: '+56 2 2345 6789', fonasaLevel: 2, email: 'irarrazaval@laboratorio.cl' });
    expect(saved.openingHours).toEqual([1, 2, 3, 4, 5].map((day) => ({ day, opens: '08:00', closes: '13:00' })).concat([{ day: 6, opens: '09:00', closes: '12:00' }, { day: 8, opens: '12:00', closes: '13:00' }]));
    expect(saved.insurers.map((i) => i.insurer.code).sort()).toEqual(['banmedica', 'fonasa']);
    const home = await t.prisma.laboratoryHomeComuna.findMany({ where: { laboratoryId: branch }, include: { comuna: true } });
    expect(home.map((h) => [h.comuna.name, h.fee]).sort()).toEqual([['Providencia', 4990], [comunaName, 4990]].sort());
    const data = page.getByRole('region', { name: 'Detalle' });
    await data.getByText('Nivel 2', { exact: true }).waitFor();
    await expect(data.textContent()).resolves.toContain(`${comunaName}, ${regionName}`);
    const hours = data.getByRole('table', { name: 'Horario de atención' });
    expect(await hours.getByRole('row', { name: /Sábado/ }).textContent()).toContain('09:00 a 12:00');
    expect(await hours.getByRole('row', { name: /Domingo/ }).textContent()).toContain('Cerrado');
    expect(await hours.getByRole('row', { name: /Festivos/ }).textContent()).toContain('12:00 a 13:00');
    await data.getByText(`A domicilio en ${comunaName}, Providencia por ${clp(4990)}`).waitFor();
    // Attributes from the select lists: a checkbox saves at once. Home collection and the FONASA bono follow the
    // branch's data (its comunas, its level): checked, and not editable here.
    await expect(page.getByLabel('Toma de muestra a domicilio', { exact: true }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Toma de muestra a domicilio', { exact: true }).isDisabled()).resolves.toBe(true);
    await page.getByText('Toma de muestra pediátrica', { exact: true }).click();
    await page.getByText('Agregamos «Toma de muestra pediátrica».').waitFor();
    const attributes = await t.prisma.laboratoryAttribute.findMany({ where: { laboratoryId: branch }, include: { selectListChild: true } });
    expect(attributes.map((a) => a.selectListChild?.code).sort()).toEqual(['BONO_ELECTRONICO', 'TOMA_DOMICILIO', 'TOMA_PEDIATRICA']);
    await look(page, 'view');

    // The prices tab: three exams from the catalogue, each found by code with the typeahead.
    await page.getByRole('tab', { name: 'Precios' }).click();
    await page.getByText('Esta sucursal aún no publica precios.', { exact: false }).waitFor();
    const prices = [4_900, 7_300, 12_500];
    for (const [i, exam] of exams.entries()) {
      await addPrice(page, exam.code, prices[i]);
      expect(await waitFor(offers, (rows) => rows.length === i + 1)).toHaveLength(i + 1);
    }
    expect((await offers()).map((o) => [o.examId, o.price, o.status])).toEqual(exams.map((e, i) => [e.id, prices[i], 'PENDING']));
    const pricesTable = page.locator('.cl-lab-prices__table');
    await expect(pricesTable.locator('tbody tr').count()).resolves.toBe(3);
    expect(await pricesTable.getByText('Pendiente').count()).toBe(3);
    expect(await pricesTable.textContent()).toContain('Proveedor prv@sucursal-a.cl');
    await look(page, 'prices');

    // Reprice the first inline.
    const first = exams[0];
    const row = pricesTable.locator('tbody tr', { hasText: dottedCode(first.code) });
    await row.getByRole('button', { name: /^Cambiar el precio de/ }).click();
    const input = row.getByRole('spinbutton', { name: /^Nuevo precio de/ }).or(row.getByLabel(/^Nuevo precio de/));
    await input.first().selectText();
    await input.first().press('Backspace');
    await input.first().pressSequentially('5500');
    await row.getByRole('button', { name: 'Guardar el precio' }).click();
    expect((await waitFor(offers, (rows) => rows.find((o) => o.examId === first.id)?.price === 5_500)).find((o) => o.examId === first.id)?.price).toBe(5_500);
    await pricesTable.locator('tbody tr', { hasText: dottedCode(first.code) }).getByText(clp(5_500)).waitFor();

    // Withdraw the last: it leaves the current prices, its history stays.
    const last = exams[2];
    await pricesTable.locator('tbody tr', { hasText: dottedCode(last.code) }).getByRole('button', { name: /^Retirar/ }).click();
    await page.getByRole('dialog', { name: /^Retirar/ }).getByRole('button', { name: 'Retirar', exact: true }).click();
    expect((await waitFor(offers, (rows) => rows.find((o) => o.examId === last.id)?.isActive === false)).find((o) => o.examId === last.id)?.isActive).toBe(false);
    expect(await waitFor(() => pricesTable.locator('tbody tr').count(), (n) => n === 2)).toBe(2);
    await choose(page, 'prices-show', 'Retirados');
    await pricesTable.getByText('Retirado', { exact: true }).waitFor();
    await pricesTable.getByRole('button', { name: /^Ofrecer de nuevo/ }).waitFor();
    await choose(page, 'prices-show', 'Vigentes');

    // The history of the repriced exam: both prices, newest first, and who set them.
    await pricesTable.locator('tbody tr', { hasText: dottedCode(first.code) }).getByRole('button', { name: /^Historial de/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Historial de precios/ });
    await dialog.waitFor();
    const lines = await dialog.locator('tbody tr').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${clp(4_900)} → ${clp(5_500)}`);
    expect(lines[0]).toContain(clp(5_500));
    expect(lines[0]).toContain('Proveedor prv@sucursal-a.cl');
    expect(lines[1]).toContain(`Primer precio: ${clp(4_900)}`);
    await look(page, 'history');
    await dialog.getByRole('button', { name: /close|cerrar/i }).click();

    // Copying needs another branch of the same company: the dialog offers only those.
    await page.getByRole('button', { name: 'Copiar precios a otra sucursal' }).click();
    const copyDialog = page.getByRole('dialog', { name: 'Copiar precios a otra sucursal' });
    await copyDialog.waitFor();
    await look(page, 'copy');
    await copyDialog.locator('.p-dropdown:has(#copy-target)').click();
    const option = page.locator('.p-dropdown-panel').getByRole('option').first();
    const targetName = (await option.textContent())!.replace(/ \(.*\)$/, '');
    await option.click();
    await copyDialog.getByRole('button', { name: 'Copiar precios' }).click();
    await page.getByRole('dialog', { name: 'Copiar la lista de precios' }).getByRole('button', { name: 'Copiar precios' }).click();
    await page.getByText(`Copiamos los precios a ${targetName}:`, { exact: false }).waitFor();
    const target = await t.prisma.laboratory.findFirstOrThrow({ where: { identifierName: targetName, companyId: companyA } });
    const copied = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: target.id, examId: { in: [exams[0].id, exams[1].id, exams[2].id] } }, orderBy: { examId: 'asc' } });
    // The two current prices are now the target's; the withdrawn one was not copied (it keeps whatever it had).
    expect(copied.filter((o) => o.examId !== exams[2].id).map((o) => [o.examId, o.price, o.isActive])).toEqual([[exams[0].id, 5_500, true], [exams[1].id, 7_300, true]]);

    // A second provider, of another company, opening the first one's branch by its address.
    const other = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const otherPage = await other.newPage();
    await logInAt(otherPage, base, PROVIDER_B);
    await otherPage.goto(`${base}/app/laboratories/view/${branch}`);
    await otherPage.getByText('El laboratorio solicitado no existe.').waitFor();
    expect(await otherPage.getByText('Laboratorio Irarrázaval').count()).toBe(0);
    expect(await otherPage.getByText('Av. Irarrázaval').count()).toBe(0);
    await look(otherPage, 'refused');
    await otherPage.goto(`${base}/app/laboratories/edit/${branch}`);
    await otherPage.getByText('El laboratorio solicitado no existe.').waitFor();
    expect(await otherPage.locator('input[data-day="1"]').count()).toBe(0);
    await other.close();
    await context.close();
  }, 240_000);

  it('shows an administrator every company’s branches, and asks for the company of a new one', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logInAt(page, base, ADMIN);
    await page.goto(`${base}/app/laboratories?name=Irarr`);
    const table = page.locator('.cl-table');
    await table.getByText('Laboratorio Irarrázaval').waitFor();
    expect(await table.textContent()).toContain('Centro de Diagnóstico Andes');
    await look(page, 'admin-list');
    await page.getByRole('link', { name: 'Nueva sucursal' }).click();
    await page.waitForURL(`${base}/app/laboratories/new`);
    await page.getByLabel('Nombre de la sucursal').fill('Sucursal sin empresa');
    await page.getByLabel('Dirección', { exact: true }).fill('Calle Uno 1');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Elige la región y luego la comuna.').waitFor();
    expect(await page.locator('#laboratories-companyId').count()).toBe(1);
    await look(page, 'admin-new');
    await context.close();
  }, 120_000);

  it('fits a phone screen: list, form, view, prices and history at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await logInAt(page, base, PROVIDER_A);
    await page.goto(`${base}/app/laboratories`);
    await page.getByText('Laboratorio Irarrázaval').first().waitFor();
    await look(page, 'list');
    await page.goto(`${base}/app/laboratories/edit/${branch}`);
    await page.locator('input[data-day="1"][data-edge="opens"]').waitFor();
    await look(page, 'edit');
    await page.goto(`${base}/app/laboratories/new`);
    await page.getByLabel('Nombre de la sucursal').waitFor();
    await look(page, 'new');
    await page.goto(`${base}/app/laboratories/view/${branch}`);
    await page.getByRole('table', { name: 'Horario de atención' }).waitFor();
    await look(page, 'view');
    await page.getByRole('tab', { name: 'Precios' }).click();
    const pricesTable = page.locator('.cl-lab-prices__table');
    await pricesTable.getByText(dottedCode(exams[0].code)).waitFor();
    await look(page, 'prices');

    // The price typed is the price saved, by Enter and by leaving the field, and the toast names it; Escape keeps the old one.
    const row = pricesTable.locator('tbody tr', { hasText: dottedCode(exams[0].code) });
    const priceNow = async () => (await offers()).find((o) => o.examId === exams[0].id)!.price;
    const typeNewPrice = async (typed: string) => {
      await row.getByRole('button', { name: /^Cambiar el precio de/ }).click();
      const input = row.getByLabel(/^Nuevo precio de/);
      await input.selectText();
      await input.press('Backspace');
      await input.pressSequentially(typed);
      return input;
    };
    let input = await typeNewPrice('3500');
    await look(page, 'price-editing');
    await input.press('Enter');
    await expect(page.locator('.p-toast', { hasText: clp(3_500) }).textContent()).resolves.toContain('Nuevo precio de');
    expect(await waitFor(priceNow, (price) => price === 3_500)).toBe(3_500);
    await row.getByText(clp(3_500)).waitFor();
    input = await typeNewPrice('9999');
    await input.press('Escape');
    await row.getByRole('button', { name: /^Cambiar el precio de/ }).waitFor();
    expect(await priceNow()).toBe(3_500);
    await typeNewPrice('4200');
    await page.getByLabel('Buscar examen').click();
    expect(await waitFor(priceNow, (price) => price === 4_200)).toBe(4_200);

    await pricesTable.getByRole('button', { name: /^Historial de/ }).first().click();
    await page.getByRole('dialog', { name: /^Historial de precios/ }).waitFor();
    // Once its opening animation is over, so the picture shows the dialog as a person reads it.
    await page.locator('.p-dialog-enter-done').waitFor();
    await look(page, 'history');
    // Closed by keyboard, the dialog gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await page.locator('.p-dialog-mask').waitFor({ state: 'detached' });
    const focusedLabel = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label') ?? '');
    expect(await waitFor(focusedLabel, (label) => label.startsWith('Historial de '))).toMatch(/^Historial de /);
    await context.close();
  }, 120_000);
});
