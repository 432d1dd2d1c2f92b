import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../support/accounts';
import { axeViolations, sideways } from '../support/axe';
import { logIn } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { examSuggestions } from '../support/exam-lookup';
import type { TestApp } from '../support/app';

/**
 * Issue 31: what a patient types is what the product does, and no phone scrolls sideways. Each
 * case is a trap a person met: a previsión typed by keyboard that picked another insurer, VOLVER
 * that emptied the form, an abbreviation that vanished from the order, focus lost after adding to
 * the cart, and pages wider than a phone.
 */
const PHONE = { width: 320, height: 740 };
/** Set SHOTS_DIR to keep a screenshot of each state (never in the repository). */
const SHOTS = process.env.SHOTS_DIR;

async function fits(page: Page, what: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/traps-${what.replace(/\W+/g, '-')}-${page.viewportSize()!.width}.png`, fullPage: true });
  const serious = (await axeViolations(page, what)).filter((v) => /\((serious|critical)\)/.test(v));
  expect([...(await sideways(page, what)), ...serious]).toEqual([]);
}

/** A select typed into while closed, then ↓ and Enter: the option chosen must be the one the text names. */
async function typeInSelect(page: Page, id: string, typed: string, expected: string) {
  await page.locator(`#${id}`).focus();
  await page.keyboard.type(typed, { delay: 30 });
  // The list narrows to what was typed: the option named comes first.
  await page.locator('.p-dropdown-panel [role="option"]').first().and(page.getByRole('option', { name: expected, exact: true })).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator(`.p-dropdown:has(#${id}) .p-dropdown-label`).textContent()).resolves.toBe(expected);
  // Chosen: the list closes (its panel leaves the page once its animation ends).
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** The exam box's first suggestion for what is typed, taken with Enter, as a keyboard does. */
async function pickExam(page: Page, typed: string) {
  await examSuggestions(page, page.locator('#exams'), typed, 15);
  await page.locator('#exams').press('Enter');
}

describe('no traps for a patient on a phone', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let comuna: { id: number; name: string; region: string };

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(8));
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, exams: { some: { status: 'AUTHORIZED', isActive: true } } }, include: { comuna: { include: { parent: true } } }, orderBy: { id: 'asc' } });
    comuna = { id: lab.comunaId, name: lab.comuna.name, region: lab.comuna.parent!.name };
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('picks the previsión typed by keyboard, keeps "TSH" on its chip, and brings the whole form back after VOLVER and a reload', async () => {
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/`);
    await pickExam(page, 'TSH');
    await expect(page.locator('.cl-exam-chip').first().textContent()).resolves.toBe('TSH · Tiroestimulante');
    await pickExam(page, 'hemograma');
    // "hemograma" is the name itself: nothing to connect.
    await expect(page.locator('.cl-exam-chip').nth(1).textContent()).resolves.toBe('Hemograma');

    // Typed on the closed select, as a keyboard user does: the whole text searches, the first key included.
    await typeInSelect(page, 'insurer', 'Cruz Blanca', 'Isapre Cruz Blanca');
    await typeInSelect(page, 'region', comuna.region.slice(0, 12), comuna.region);
    await fits(page, 'home filled by keyboard');

    await page.getByRole('button', { name: /^Cotizar 2 exámenes/ }).click();
    await page.waitForURL(/\/buscador\?/);
    await page.getByRole('heading', { name: 'Cotiza tu orden médica' }).waitFor();
    // The order keeps the patient's words on the results too.
    await page.getByText('TSH · Tiroestimulante').first().waitFor({ state: 'attached' });

    // VOLVER: the form as it was left.
    await page.getByRole('button', { name: 'VOLVER' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('.cl-exam-chip').allTextContents()).resolves.toEqual(['TSH · Tiroestimulante', 'Hemograma']);
    await expect(page.locator('.p-dropdown:has(#insurer) .p-dropdown-label').textContent()).resolves.toBe('Isapre Cruz Blanca');
    await expect(page.locator('.p-dropdown:has(#region) .p-dropdown-label').textContent()).resolves.toBe(comuna.region);
    // A reload: the same order, named again from the catalogue.
    await page.reload();
    await page.locator('.cl-exam-chip', { hasText: 'Hemograma' }).waitFor();
    await expect(page.locator('.cl-exam-chip').count()).resolves.toBe(2);
    await expect(page.locator('.p-dropdown:has(#insurer) .p-dropdown-label').textContent()).resolves.toBe('Isapre Cruz Blanca');
    await page.context().close();
  }, 120_000);

  it('fits a phone with an Isapre and the filters open, on the laboratory page of a quote and at checkout; focus follows the cart', async () => {
    const [colmena, hemograma, glucosa] = await Promise.all([
      t.prisma.insurer.findUniqueOrThrow({ where: { code: 'colmena' } }),
      t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } }),
      t.prisma.exam.findUniqueOrThrow({ where: { code: '0302047' } }),
    ]);
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/buscador?examenes=${hemograma.id},${glucosa.id}&comuna=${comuna.id}&cercanas=1&prevision=${colmena.id}&cobertura=70&orden=total`);
    const results = page.locator('[aria-labelledby="results-title"][aria-busy="false"]');
    await results.getByTestId('quote').first().waitFor();
    // The filters are folded on a phone: the card says which percentage its estimate uses.
    await results.getByTestId('quote').first().getByText('Cubre tu Isapre (70%, estimado)').waitFor();
    await page.getByRole('button', { name: /filtros/i }).first().click();
    await page.locator('.cl-search__filters.is-open').waitFor();
    await fits(page, 'results with an Isapre and the filters open');
    await page.getByRole('button', { name: /filtros/i }).first().click();

    await results.getByTestId('quote').first().getByRole('link').first().click();
    await page.waitForURL(/\/laboratorio\/\d+\?/);
    const add = page.getByRole('button', { name: 'Agregar mi orden al carro' });
    await add.waitFor();
    await fits(page, 'laboratory page from a quote');
    await add.focus();
    await page.keyboard.press('Enter');
    // The button becomes "in the cart" (disabled): focus moves on to the next step, not to the page's start.
    await expect(page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent)).resolves.toBe('Ir a pagar');

    // The cart opened from the header takes focus, its "Ir a pagar" first.
    await page.getByRole('button', { name: /^Carro de exámenes: \d+ exámenes?$/ }).click();
    await page.locator('.cl-cart .cl-cart__pay:focus').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/checkout`);
    await page.getByRole('heading', { name: 'Pagar mi orden' }).waitFor();
    await fits(page, 'checkout');
    await page.context().close();
  }, 120_000);

  it('fits a phone on /panel with a long e-mail and on the back office dashboard', async () => {
    const email = 'maria.jose.fernandez.de.la.cuadra.valenzuela@correo-largo.test';
    await t.http.post('/api/auth/sign-up').send({ firstName: 'María José', lastName: 'Fernández', email, password: 'clave-de-maria-123' });
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/login?volver=/panel`);
    await logIn(page, { email, password: 'clave-de-maria-123' });
    await page.waitForURL(`${base}/panel`);
    await page.getByText(email).first().waitFor();
    await fits(page, 'panel with a long e-mail');

    const office = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await office.goto(`${base}/app/login`);
    await logIn(office, ADMIN);
    await office.waitForURL(`${base}/app`);
    await office.getByRole('heading', { name: /^Hola/ }).waitFor();
    await office.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await fits(office, 'back office dashboard');
    // Each back-office tab says which screen it is, not the storefront's name.
    expect(await office.title()).toBe('Administración · CotizaLab');
    await office.goto(`${base}/app/exams`);
    await office.getByRole('heading', { name: 'Exámenes', level: 1 }).waitFor();
    expect(await office.title()).toBe('Exámenes · Administración · CotizaLab');
    await page.context().close();
    await office.context().close();
  }, 120_000);
});
