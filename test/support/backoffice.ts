import type { Browser, Page } from 'playwright-core';
import { keepScreenshot } from './screenshots';
import { dottedCode } from './format';
/** The one select helper, for both shells. */
export { choose } from './select';

/** Signs in on /app/login (or the login the back office shows) as a person would. */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** A new browser context signed in to the back office as `who`, on its home (/app), at a desktop's width unless told. */
export async function signedInPage(browser: Browser, base: string, who: { email: string; password: string }, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${base}/app/login`);
  await logIn(page, who);
  await page.waitForURL(`${base}/app`);
  return page;
}

export { dottedCode } from './format';

/** Adds a price on a branch's prices tab, finding the exam by its code with the catalogue typeahead. */
export async function addPrice(page: Page, code: string, price: number) {
  const box = page.getByLabel('Examen del catálogo FONASA');
  const option = page.locator('.p-autocomplete-panel li', { hasText: dottedCode(code) }).first();
  // A pause after five digits, as a person reading the first suggestions makes: what was typed stays in the box
  // while they come, and the rest of the code narrows them (the box was once wiped by the suggestions arriving).
  await box.pressSequentially(code.slice(0, 5), { delay: 20 });
  await page.locator('.p-autocomplete-panel li').first().waitFor();
  await box.pressSequentially(code.slice(5), { delay: 20 });
  await option.waitFor();
  expect(await box.inputValue()).toBe(code);
  await option.click();
  const input = page.getByLabel('Precio', { exact: true });
  await input.click();
  await input.pressSequentially(String(price));
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await page.locator('.cl-lab-prices__table').getByText(dottedCode(code)).waitFor();
}

/** Ticks the queue's rows of these exam codes and authorizes them in one bulk action, confirming it. */
export async function authorizeInQueue(page: Page, codes: string[]) {
  const row = (code: string) => page.getByRole('row').filter({ hasText: code });
  for (const code of codes) await row(code).getByRole('checkbox').first().click();
  await page.getByRole('region', { name: 'Acciones sobre la selección' }).getByRole('button', { name: 'Autorizar' }).click();
  const noun = codes.length === 1 ? '1 precio' : `${codes.length} precios`;
  await page.getByRole('dialog', { name: `Autorizar ${noun}` }).getByRole('button', { name: 'Autorizar' }).click();
  await page.getByText(codes.length === 1 ? 'Autorizamos el precio.' : `Autorizamos ${noun}.`).waitFor();
}

/** Whether a list's table is cut off inside its own scroller (a column out of sight). */
const CLIPPED_TABLE = "[...document.querySelectorAll('.p-datatable-wrapper')].some((w) => w.scrollWidth > w.clientWidth + 1)";

/**
 * Looks at the screen at a phone's and a desktop's width: nothing overflows sideways (with `wholeTables`, no list's
 * column is cut off inside its own scroller either); a screenshot when SHOTS_DIR asks for one.
 */
export async function lookAtBothWidths(page: Page, name: string, { wholeTables = false } = {}) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the layout at the new width is done (nothing is asserted on time).
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect({ name, width, overflow: overflow > width }).toEqual({ name, width, overflow: false });
    if (wholeTables) expect({ name, width, clipped: await page.evaluate<boolean>(CLIPPED_TABLE) }).toEqual({ name, width, clipped: false });
    await keepScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
