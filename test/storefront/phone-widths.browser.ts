import type { Browser, Page } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { choose } from '../support/select';
import { dottedCode } from '../support/format';

/**
 * Issue 19, item 5: a phone never scrolls sideways. At 320 to 430 px, with the longest insurer,
 * comuna and exam names and the look-up's "not found" message, no page is wider than the screen and
 * every exam chip keeps its remove button on it. Enter on a half-typed exam never sends the form.
 */
const WIDTHS = [320, 360, 390, 430];
const LONGEST_INSURER = 'CAPREDENA (Caja de Previsión de la Defensa Nacional)';

/** Set SHOTS_DIR to keep a screenshot of each state (never in the repository). */
const SHOTS = process.env.SHOTS_DIR;

async function fits(page: Page, what: string) {
  const width = page.viewportSize()!.width;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-${what.replace(/\W+/g, '-')}-${width}.png`, fullPage: true });
  const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect({ what, width, fits: scrollWidth <= width }).toEqual({ what, width, fits: true });
  for (const remove of await page.locator('.cl-exam-chip button').all()) {
    const box = await remove.boundingBox();
    if (!box) continue; // inside folded filters: not on screen at all
    expect({ what, width, removeVisible: box.x >= 0 && box.x + box.width <= width }).toEqual({ what, width, removeVisible: true });
  }
}

describe('the storefront on a phone', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let longest: { id: number; code: string; name: string };

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(8));
    const [row] = await t.prisma.$queryRaw<{ id: number; code: string; name: string }[]>`SELECT id, code, name FROM exam WHERE is_active ORDER BY length(name) DESC LIMIT 1`;
    longest = row;
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it.each(WIDTHS)('fits %i px with the longest names, and Enter never sends a half-typed exam', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${base}/`);
    await choose(page, 'insurer', LONGEST_INSURER);
    await choose(page, 'region', 'Antofagasta');
    await choose(page, 'comuna', 'San Pedro de Atacama', 'san pedro');
    await fits(page, 'home with the longest insurer and comuna');

    // The look-up's "not found" message.
    await page.locator('#exams').pressSequentially('zzqxw', { delay: 20 });
    await page.getByText('No encontramos ese examen', { exact: false }).waitFor();
    await fits(page, 'home with the look-up message');
    // Enter with a half-typed exam that matched nothing: the form is not sent.
    await page.locator('#exams').press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('#exams').fill('');

    // The longest exam of the catalogue as a chip, found by its code; Enter takes the highlighted suggestion.
    // Enter once the exam is listed, as a person reads before pressing it: on a busy machine the list of a shorter
    // prefix of the code (or its "not found") shows first, and Enter with nothing highlighted takes nothing.
    await page.locator('#exams').pressSequentially(longest.code, { delay: 20 });
    await page.locator('.p-autocomplete-panel li', { hasText: dottedCode(longest.code) }).first().waitFor();
    await page.locator('#exams').press('Enter');
    await page.locator('.cl-exam-chip').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await fits(page, 'home with the longest exam as a chip');

    await page.getByRole('button', { name: /^Cotizar/ }).click();
    await page.waitForURL(/\/buscador\?/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await fits(page, 'search with the longest names');
    await page.close();
  }, 120_000);

  it.each(WIDTHS)('opens the cart on the screen at %i px, each line removable, with the longest word of the catalogue', async (width) => {
    // A cart the browser kept from an earlier visit, holding the exam whose name has the longest single word
    // (a word cannot wrap: it once pushed the removal button out of the panel).
    const [exam] = await t.prisma.$queryRaw<{ id: number; code: string; name: string }[]>`
      SELECT id, code, name FROM exam WHERE is_active
      ORDER BY (SELECT max(length(w)) FROM regexp_split_to_table(name, '\s+') AS w) DESC, id LIMIT 1`;
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true }, orderBy: { identifierName: 'desc' } });
    const item = { id: exam.id, name: `${exam.code} - ${exam.name}`, categoryName: lab.identifierName, cover: '', description: '', price: 123_450, code: exam.code, options: [], quantity: 2, laboratoryId: lab.id };
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.addInitScript((cart) => localStorage.setItem('NB_CART', cart), JSON.stringify([item]));
    await page.goto(`${base}/laboratorio/${lab.id}`);
    await page.getByRole('button', { name: 'Carro de exámenes: 2 exámenes' }).click();
    await page.getByTestId('cart-total').waitFor();
    // The panel fades in. (A function, not a string: the page's CSP forbids eval; `document` is the page's.)
    await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((a) => a.playState !== 'running'));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-cart-${width}.png` });
    const panel = (await page.locator('.cl-cart').boundingBox())!;
    expect({ width, panelOnScreen: panel.x >= 0 && panel.x + panel.width <= width }).toEqual({ width, panelOnScreen: true });
    const removal = (await page.getByRole('button', { name: `Eliminar ${item.name} del carro` }).boundingBox())!;
    expect({ width, removalOnScreen: removal.x + removal.width <= panel.x + panel.width }).toEqual({ width, removalOnScreen: true });
    await page.close();
  }, 60_000);
});
