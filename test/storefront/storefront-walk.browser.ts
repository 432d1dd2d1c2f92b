import type { Browser, Page } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { waitFor } from '../support/wait';
import { clp } from '../support/format';
import { choose } from '../support/select';

/** Types an exam as a patient would and takes the suggestion that starts with its name. */
async function addExam(page: Page, typed: string, suggestion: RegExp) {
  await page.locator('#exams').pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: suggestion }).first().click();
}

describe('a patient quotes a medical order in the browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(80));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('goes from the order to the quote, the cart, an account and back out, and every screen is logged', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    // The theme's own font is never fetched: the pages use the system's fonts.
    const fonts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'font' && !request.url().includes('primeicons') && fonts.push(request.url()));
    await page.goto(`${base}/`);
    expect(await waitFor(() => page.title(), (title) => title === 'Cotiza tus exámenes de laboratorio · CotizaLab')).toBe('Cotiza tus exámenes de laboratorio · CotizaLab');

    await addExam(page, 'hemograma', /^Hemograma/);
    await addExam(page, 'perfil lipidico', /^Perfil lipídico/);
    await choose(page, 'region', 'Metropolitana de Santiago');
    await choose(page, 'comuna', 'Providencia', 'provid');
    await page.getByLabel('Incluir comunas vecinas').check();
    await choose(page, 'insurer', 'FONASA (Fondo Nacional de Salud)');
    await page.getByRole('button', { name: 'Cotizar 2 exámenes' }).click();

    // The quote lives in the address bar, and the page shows what the API quotes, in pesos.
    await page.waitForURL(/\/buscador\?/);
    const params = new URL(page.url()).searchParams;
    // Ordered by what the patient pays in all (the default: not written in the address).
    expect(Object.fromEntries(params)).toMatchObject({ cercanas: '1' });
    expect(params.get('orden')).toBeNull();
    const hemograma = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } });
    const lipids = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0302034' } });
    expect(params.get('examenes')).toBe(`${hemograma.id},${lipids.id}`);
    const quote = await t.http.post('/api/laboratory/search').send({
      exams: [hemograma.id, lipids.id], location: Number(params.get('comuna')), locationFk: Number(params.get('region')), nearLocations: true,
      pensionHealtInstitutionId: Number(params.get('prevision')), orderBy: 'toPay',
    });
    const best = quote.body.data.items[0];
    expect(best.offersAll).toBe(true);
    const firstCard = page.getByTestId('quote').first();
    await expect(firstCard.getByRole('heading').textContent()).resolves.toBe(best.identifierName);
    await expect(firstCard.getByTestId('quote-total').textContent()).resolves.toBe(clp(best.total));
    // "Tú pagas": the exams' copay and the visit's sample taking, where the branch charges one.
    await expect(firstCard.getByTestId('quote-copay').textContent()).resolves.toBe(clp(best.toPay));
    expect(best.toPay).toBe(best.copay + best.fees.reduce((sum: number, fee: { copay: number }) => sum + fee.copay, 0));
    expect(best.copay).toBeLessThan(best.total);
    await expect(page.getByRole('heading', { name: `${quote.body.data.total} laboratorios` }).count()).resolves.toBe(1);

    // A reload restores the same quote from the address.
    await page.reload();
    await expect(page.getByTestId('quote').first().getByTestId('quote-total').textContent()).resolves.toBe(clp(best.total));

    // The laboratory: find the hemograma and add it to the cart.
    await firstCard.getByRole('link', { name: best.identifierName }).click();
    // The order comes along (issue 19): the page shows it first.
    await page.waitForURL((url) => url.pathname === `/laboratorio/${best.laboratoryId}` && url.searchParams.has('examenes'));
    // Its tab says which laboratory it is.
    const title = await waitFor(() => page.title(), (shown) => shown.startsWith(`${best.identifierName} · `));
    expect(title.startsWith(`${best.identifierName} · `)).toBe(true);
    await page.getByLabel('Buscar un examen en este laboratorio').fill('hemograma');
    await page.getByRole('button', { name: 'Agregar Hemograma al carro' }).click();
    await page.getByRole('button', { name: /está en el carro/ }).waitFor();

    // The cart survives a reload, with the laboratory's price.
    await page.reload();
    await page.getByRole('button', { name: 'Carro de exámenes: 1 examen' }).click();
    await expect(page.getByTestId('cart-total').textContent()).resolves.toBe(clp(best.exams.find((e: { examId: number }) => e.examId === hemograma.id).price));
    await page.keyboard.press('Escape');

    // An account: register (which signs in), see the panel, log out.
    await page.goto(`${base}/registro`);
    await page.getByLabel('Nombre', { exact: true }).fill('Valentina');
    await page.getByLabel('Apellido').fill('Rojas');
    await page.getByLabel('Correo electrónico').fill('valentina.rojas@example.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('una frase larga y propia');
    await page.getByLabel(/Acepto los/).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${base}/register-success`);
    await page.getByText('Ya ingresaste con tu cuenta.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Cotizar mis exámenes' }).waitFor();
    await page.goto(`${base}/panel`);
    await page.getByRole('heading', { name: 'Hola, Valentina' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('NB_TOKEN'))).toMatch(/^ey/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('link', { name: 'Ingresar' }).waitFor();
    expect(page.url()).toBe(`${base}/`);
    expect(await page.evaluate(() => localStorage.getItem('NB_TOKEN'))).toBeNull();

    // The access log holds those route changes, and who was signed in at the panel.
    const session = Number(await page.evaluate(() => localStorage.getItem('NB_SESSION')));
    const person = await t.prisma.person.findFirstOrThrow({ where: { user: { email: 'valentina.rojas@example.cl' } } });
    // Written off the request path, in batches (issue 12): read once the last route change is in.
    const logged = await waitFor(() => t.prisma.accessLog.findMany({ where: { session: BigInt(session) }, orderBy: { id: 'asc' } }), (rows) => rows.some((l) => l.route === '/panel'));
    const routes = logged.map((l) => l.route.split('?')[0]);
    // `/carro`: the cart is a panel; its first item is the funnel's cart step, logged once.
    for (const route of ['/', '/buscador', `/laboratorio/${best.laboratoryId}`, '/carro', '/registro', '/register-success', '/panel']) expect(routes).toContain(route);
    expect(routes.filter((r) => r === '/carro')).toHaveLength(1);
    expect(logged.find((l) => l.route === '/panel')?.personId).toBe(person.id);
    expect(logged.find((l) => l.route === '/registro')?.personId).toBeNull();
    expect(fonts).toEqual([]);
  });

  it('takes the person of an access-log entry from the token, never from the body, and refuses bad entries', async () => {
    const forged = await t.http.post('/api/log-access').send({ route: '/panel', session: 1795400000, personId: 1 });
    expect(forged.body).toMatchObject({ code: 200 });
    const entry = await waitFor(() => t.prisma.accessLog.findFirst({ where: { session: 1795400000n } }), (e) => e !== null);
    expect(entry?.personId).toBeNull();
    const bad = await t.http.post('/api/log-access').send({ route: 'javascript:alert(1)', session: 'ayer' });
    expect(bad.body).toMatchObject({ code: 400, errors: { route: [expect.any(String)], session: [expect.any(String)] } });
  });

  it('shows a shared quote with unknown ids as an error a person understands, not a blank page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/buscador?examenes=999999`);
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('alert').first().textContent()).toMatch(/[a-záéíóú]{3}/i);
    await page.goto(`${base}/laboratorio/999999`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
  });
});
