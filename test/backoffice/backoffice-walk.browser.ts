import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { logIn, choose } from '../support/backoffice';
import { waitFor } from '../support/wait';
import { clp } from '../support/format';
import { shoot } from '../support/screenshots';

const VISITOR = { email: 'paciente.bo@example.cl', password: 'una clave de paciente' };

/** Types pesos into a money input as a person would (digits only; the field formats them). */
async function typeMoney(page: Page, label: string, amount: number) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.pressSequentially(String(amount));
  await input.blur();
}

describe('an administrator keeps the catalogue in the back office', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(20));
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Pía', lastName: 'Paciente', email: VISITOR.email, password: VISITOR.password });
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('sends visitors to /app/login, refuses a patient account, and lets an administrator create, find, edit, export and retire an exam', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();

    // Anonymous: the back office asks to sign in, and remembers where the visitor was going.
    await page.goto(`${base}/app/exams`);
    await page.waitForURL(`${base}/app/login?volver=%2Fapp%2Fexams`);
    await page.getByRole('heading', { name: 'Ingresa a la administración' }).waitFor();

    // A patient account is told it cannot enter, with a way home.
    await logIn(page, VISITOR);
    await page.getByRole('heading', { name: 'Esta sección es solo para laboratorios y administradores' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menú de administración' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    // On a slow phone the sign-out's answer comes before the sign-in page has rendered (a CPU 20 times slower makes
    // it so every time): the person still lands on the sign-in, not on the home page (seen once in a loop of the walks).
    const cpu = await context.newCDPSession(page);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByRole('button', { name: 'Ingresar con otra cuenta' }).click();
    await page.getByLabel('Correo electrónico').or(page.locator('.cl-public')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/login');
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // The administrator: the frame with who is signed in, the version and the year.
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);
    const userBox = page.getByRole('region', { name: 'Tu cuenta' });
    await expect(userBox.textContent()).resolves.toContain('Administrador CotizaLab');
    await expect(userBox.textContent()).resolves.toContain(ADMIN.email);
    const footer = await page.locator('footer').textContent();
    expect(footer).toContain('Versión 1.0.29');
    expect(footer).toContain(`© ${new Date().getFullYear()}`);
    // Every entry of the menu leads to a built screen.
    expect(await page.getByText('Pronto', { exact: true }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Exámenes', exact: true }).click();
    await page.waitForURL(`${base}/app/exams`);
    const activeExams = await t.prisma.exam.count({ where: { isActive: true } });
    await page.getByText(`${activeExams.toLocaleString('es-CL')} exámenes`).waitFor();

    // Create: the API's message for a taken code shows beside the code.
    const type = await t.prisma.examType.findFirstOrThrow({ orderBy: { name: 'asc' } });
    await page.getByRole('link', { name: 'Nuevo examen' }).click();
    await page.waitForURL(`${base}/app/exams/new`);
    await page.getByLabel('Código FONASA').fill('0301045');
    await page.getByLabel('Nombre', { exact: true }).fill('Perfil tiroideo ampliado de prueba');
    await choose(page, 'exams-typeExamId', type.name);
    await page.getByLabel('Sinónimos').fill('tiroides completo');
    await page.getByLabel('Sinónimos').press('Enter');
    await typeMoney(page, 'Arancel nivel 1', 12345);
    await typeMoney(page, 'Copago nivel 1', 6170);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.locator('#exams-code-error').textContent()).resolves.toBe('Ya existe un examen con ese código.');
    await page.getByLabel('Código FONASA').fill('9999001');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/app\/exams\/view\/\d+$/);
    const created = await t.prisma.exam.findUniqueOrThrow({ where: { code: '9999001' }, include: { synonyms: true } });
    expect(created).toMatchObject({ name: 'Perfil tiroideo ampliado de prueba', typeExamId: type.id, fonasaPriceLevel1: 12345, fonasaCopayLevel1: 6170, isActive: true });
    expect(created.synonyms.map((s) => s.synonym)).toEqual(['tiroides completo']);
    await page.getByRole('heading', { name: 'Perfil tiroideo ampliado de prueba' }).waitFor();
    await page.getByRole('cell', { name: clp(12345) }).waitFor();

    // Find it with a filter, kept in the address.
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.getByLabel('Buscar').fill('tiroideo ampliado');
    await page.waitForURL(/term=tiroideo\+ampliado/);
    await page.getByText('1 examen', { exact: true }).waitFor();
    const row = page.getByRole('row', { name: /Perfil tiroideo ampliado de prueba/ });
    await expect(row.textContent()).resolves.toContain('99-99-001');

    // Edit it, and see the change on its view.
    await page.getByRole('link', { name: 'Editar Perfil tiroideo ampliado de prueba' }).click();
    await page.waitForURL(`${base}/app/exams/edit/${created.id}`);
    await expect(page.getByLabel('Arancel nivel 1', { exact: true }).inputValue()).resolves.toBe(clp(12345));
    await page.getByText('tiroides completo', { exact: true }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Perfil tiroideo completo de prueba');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${base}/app/exams/view/${created.id}`);
    await page.getByRole('heading', { name: 'Perfil tiroideo completo de prueba' }).waitFor();
    expect((await t.prisma.exam.findUniqueOrThrow({ where: { id: created.id } })).name).toBe('Perfil tiroideo completo de prueba');

    // Export the filtered list: the file holds the exam as it is now.
    await page.goto(`${base}/app/exams?term=tiroideo`);
    await page.getByRole('row', { name: /Perfil tiroideo completo de prueba/ }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('examenes.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFCódigo FONASA;Nombre;Tipo;Arancel nivel 1;Copago nivel 1;Arancel nivel 2;Copago nivel 2;Arancel nivel 3;Copago nivel 3;Estado');
    // A cell with a comma is quoted (the one CSV writer of the server and the web; Excel reads it as one cell).
    expect(csv).toContain(`9999001;Perfil tiroideo completo de prueba;${type.name.includes(',') ? `"${type.name}"` : type.name};12345;6170;`);

    // Retire it from the list: select its row, and confirm the bulk action.
    await page.getByRole('checkbox', { name: 'Seleccionar Perfil tiroideo completo de prueba' }).first().click();
    await page.getByRole('region', { name: 'Acciones sobre la selección' }).getByRole('button', { name: 'Retirar' }).click();
    await page.getByRole('dialog', { name: 'Retirar 1 examen' }).getByRole('button', { name: 'Retirar' }).click();
    await page.getByText('Retiramos el examen.').waitFor();
    await waitFor(() => t.prisma.exam.findUniqueOrThrow({ where: { id: created.id } }), (e) => !e.isActive);
    await page.goto(`${base}/app/exams?term=tiroideo+completo`);
    await page.getByText('No hay exámenes con estos filtros.').waitFor();
    await page.goto(`${base}/app/exams?term=tiroideo+completo&status=retired`);
    await expect(page.getByRole('row', { name: /Perfil tiroideo completo de prueba/ }).textContent()).resolves.toContain('Retirado');
    await page.goto(`${base}/app/exams/view/${created.id}`);
    await page.getByText('Examen retirado: no aparece en las cotizaciones ni en el buscador.').waitFor();
    expect(await page.getByRole('button', { name: 'Retirar' }).count()).toBe(0);

    // Inside /app an unknown address is a 404 with a link home.
    await page.goto(`${base}/app/no-existe`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await context.close();
  });

  it('turns a select list into a /buscador filter from the list, and signs out home with "Cerrar Sesión"', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const payments = await t.prisma.selectListType.findUniqueOrThrow({ where: { code: 'MEDIOS_PAGO' }, include: { children: true } });
    expect(payments.isfilter).toBe(false);
    const debit = payments.children.find((c) => c.code === 'DEBITO')!;

    // /buscador offers no payment facet while the list is not a filter.
    const shopper = await context.newPage();
    await shopper.goto(`${base}/buscador`);
    await shopper.getByRole('group', { name: 'Servicios y medios de pago' }).waitFor();
    expect(await shopper.getByLabel(new RegExp(`^${debit.name}`)).count()).toBe(0);

    await page.goto(`${base}/app/maintainers/select-lists`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app/maintainers/select-lists`);
    const filterSwitch = page.getByRole('switch', { name: 'Filtro del buscador: Medios de pago' });
    expect(await filterSwitch.isChecked()).toBe(false);
    await filterSwitch.click({ force: true });
    await page.getByText('Medios de pago: filtro del buscador activado.').waitFor();
    expect(await filterSwitch.isChecked()).toBe(true);
    expect((await t.prisma.selectListType.findUniqueOrThrow({ where: { id: payments.id } })).isfilter).toBe(true);

    // The laboratories are projected again in the background: the facet appears once they are.
    const shown = await waitFor(
      async () => {
        await shopper.reload();
        const facet = shopper.getByRole('group', { name: 'Servicios y medios de pago' });
        await facet.waitFor();
        const more = facet.getByRole('button', { name: /^Ver \d+ más$/ });
        if (await more.count()) await more.click();
        return facet.getByLabel(new RegExp(`^${debit.name}`)).count();
      },
      (count) => count > 0,
      30_000,
    );
    expect(shown).toBeGreaterThan(0);

    // The view of the list shows its values; "Cerrar Sesión" signs out and goes home.
    await page.getByRole('link', { name: 'Ver Medios de pago' }).click();
    await page.getByRole('cell', { name: debit.name }).waitFor();
    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('link', { name: 'Ingresar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('NB_TOKEN'))).toBeNull();
    await context.close();
  });

  it('shows a provider only the entries of its own company, and refuses it the administrators\' screens', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const company = await t.prisma.company.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await createProvider(t, admin.token, company.id, 'proveedor.bo@example.cl', 'clave-proveedor-bo-1');
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/app/login`);
    await logIn(page, { email: 'proveedor.bo@example.cl', password: 'clave-proveedor-bo-1' });
    await page.waitForURL(`${base}/app`);
    await page.getByRole('heading', { name: 'Hola, Proveedor' }).waitFor();
    // Every optional mail's footer leads to /app?avisos=1 (issue 27, item 3): the person turns a kind off at once.
    await page.goto(`${base}/app?avisos=1`);
    const avisos = page.getByRole('region', { name: 'Mis avisos por correo' });
    const decisions = avisos.getByRole('switch', { name: 'Precios autorizados o rechazados' });
    await decisions.waitFor();
    expect(await decisions.isChecked()).toBe(true);
    expect(await avisos.getByRole('switch').count()).toBe(2);
    await shoot(page, 'mail-preferences-on');
    await decisions.click({ force: true });
    await page.getByText('Desactivaste «Precios autorizados o rechazados».').waitFor();
    expect(await decisions.isChecked()).toBe(false);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: 'proveedor.bo@example.cl' } })).mailOptOuts).toEqual(['PRICE_DECISIONS']);
    await shoot(page, 'mail-preferences-off');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.locator('.cl-drawer-panel').getByRole('navigation', { name: 'Menú de administración' });
    await menu.waitFor();
    const entries = (await menu.locator('.cl-menu__label').allTextContents()).sort();
    expect(entries).toEqual(['Exámenes autorizados', 'Historial de resultados', 'Importaciones', 'Laboratorios', 'Mi empresa', 'Productos', 'Usuarios', 'Órdenes de venta']);
    await page.keyboard.press('Escape');
    await page.goto(`${base}/app/exams`);
    await page.getByRole('heading', { name: 'No tienes acceso a Exámenes' }).waitFor();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${base}/`);
  });
});
