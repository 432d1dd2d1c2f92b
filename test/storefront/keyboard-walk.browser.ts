import type { Browser, Page } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { examSuggestions } from '../support/exam-lookup';
import { pageEvents, recordPageEvents } from '../support/page-events';
import { waitFor } from '../support/wait';

/** Set SHOTS_DIR to keep a screenshot of each step (never in the repository). */
const SHOTS = process.env.SHOTS_DIR;

/** What has focus, as a person would name it: its accessible name (aria-label, label, text) and role. */
// A string, run in the page: the tests are compiled without the DOM's types.
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  const labelled = el.getAttribute('aria-labelledby');
  const name = el.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? (el.id ? document.querySelector('label[for="' + el.id + '"]')?.textContent : null) ?? el.textContent ?? '';
  return (el.getAttribute('role') ?? el.tagName.toLowerCase()) + ': ' + name.trim().replace(/\\s+/g, ' ');
})()`;
const focused = (page: Page) => page.evaluate<string>(FOCUSED);

/** Keeps the chips' buttons as they are now, for CHIPS_SEEN. */
const KEEP_CHIPS = `globalThis.__chipButtons = [...document.querySelectorAll('.cl-exam-chip button')]`;
/** Whether the buttons KEEP_CHIPS kept are still on the page and shown, and the filters' class (they fold on a phone). */
const CHIPS_SEEN = `'filters ' + document.getElementById('filtros')?.className + '; buttons then ' + globalThis.__chipButtons.map((b) => (b.isConnected ? (b.offsetParent ? 'shown' : 'hidden') : 'removed')).join(',')`;

/** Presses Tab until focus is on `name` (at most `limit` presses), answering how many it took. */
async function tabTo(page: Page, name: string, limit = 12, key = 'Tab') {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    if ((await focused(page)).endsWith(`: ${name}`)) return presses;
  }
  throw new Error(`"${name}" not reached in ${limit} presses of ${key}; focus is on ${await focused(page)}`);
}

/**
 * Issue 18: the search walked by keyboard alone. Three exams chosen in the combobox (which names
 * its highlighted suggestion), the first removed by its own "Quitar" button, a comuna chosen, the
 * focus back on the comuna, and the first result reached through "Saltar a los resultados".
 */
describe('the search by keyboard alone', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(80));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it.each([1366, 390])('chooses exams, removes one, chooses a comuna and reaches the first result at %i px', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const region = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' }, select: { parentId: true } });
    await page.goto(`${base}/buscador?region=${region.parentId}&cercanas=1`);
    if (width < 960) {
      // On a phone the filters fold away behind their button.
      await page.getByRole('button', { name: 'Filtros' }).focus();
      await page.keyboard.press('Enter');
    }
    await page.locator('#exams').focus();

    for (const [typed, name] of [['hemograma', 'Hemograma'], ['perfil lip', 'Perfil lipídico'], ['glucosa', 'Glucosa']]) {
      // The list of the whole word, as a person reads it before moving in it (typed into the box that has focus).
      await examSuggestions(page, page.locator('#exams'), typed, 20);
      await page.locator('#exams[aria-activedescendant]').waitFor();
      // The box names the highlighted suggestion, and it is the exam typed.
      const active = await page.locator('#exams').getAttribute('aria-activedescendant');
      expect(await page.locator(`[id="${active}"]`).textContent()).toMatch(new RegExp(`^${name}`));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      expect(await page.locator('#exams').getAttribute('aria-activedescendant')).toBe(active);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: new RegExp(`^Quitar ${name}`) }).waitFor();
      expect(await focused(page)).toMatch(/^combobox: Exámenes/);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/keyboard-three-exams-${width}.png` });

    // Back from the box to the first chip's own button, named in Spanish; removing it keeps focus on the chips.
    const chips = page.locator('.cl-exam-chip');
    expect(await chips.allTextContents()).toEqual([expect.stringMatching(/^Hemograma/), expect.stringMatching(/^Perfil lipídico/), expect.stringMatching(/^Glucosa/)]);
    expect(await tabTo(page, 'Quitar Hemograma', 3, 'Shift+Tab')).toBe(3);
    await page.evaluate(KEEP_CHIPS);
    await recordPageEvents(page, ['click', 'focusin', 'focusout']);
    await page.keyboard.press('Enter');
    await waitFor(() => chips.count(), (n) => n === 2);
    const afterRemoval = await focused(page);
    // Once in a few clean CI runs (stop 49, at 390 px) focus was found on <body> here: the failure says what it saw.
    if (!/^button: Quitar Perfil lipídico/.test(afterRemoval)) {
      throw new Error(`focus on ${afterRemoval} after removing a chip; ${await page.evaluate<string>(CHIPS_SEEN)}; ${(await pageEvents(page)).join(' | ')}`);
    }
    await waitFor(() => Promise.resolve(new URL(page.url()).searchParams.get('examenes')?.split(',').length), (n) => n === 2);

    // The comuna: its dropdown opens with Enter, its search box has a name, Enter takes the match.
    await tabTo(page, 'Comuna', 6);
    await page.keyboard.press('Enter');
    const search = page.getByRole('textbox', { name: 'Buscar comuna' });
    await search.waitFor();
    expect(await waitFor(() => focused(page), (f) => f === 'input: Buscar comuna')).toBe('input: Buscar comuna');
    await page.keyboard.type('provid', { delay: 20 });
    expect(await waitFor(() => page.getByRole('option').allTextContents(), (options) => options.length === 1)).toEqual(['Providencia']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const providencia = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } });
    expect(await waitFor(() => Promise.resolve(new URL(page.url()).searchParams.get('comuna')), (comuna) => comuna !== null)).toBe(String(providencia.id));
    expect(await waitFor(() => focused(page), (f) => f === 'input: Comuna')).toBe('input: Comuna');

    // The result count is said once the search settles.
    const said = page.locator('#resultados [aria-live="polite"]');
    expect(await waitFor(() => said.textContent(), (text) => /\d+ laboratorios? encontrados?/.test(text ?? ''))).toMatch(/laboratorio/);

    // Past the place, one jump to the results, then the first result.
    await tabTo(page, 'Saltar a los resultados', 8);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/keyboard-skip-link-${width}.png` });
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('resultados');
    // The first stops are the results' own controls (ordering, saving the order), then the first quote.
    let stops = 0;
    let inFirstQuote = false;
    while (!inFirstQuote && stops < 6) {
      await page.keyboard.press('Tab');
      stops += 1;
      inFirstQuote = await page.evaluate<boolean>(`!!document.activeElement?.closest('[data-testid="quote"]') && document.activeElement.closest('[data-testid="quote"]') === document.querySelector('[data-testid="quote"]')`);
    }
    expect({ inFirstQuote, stops: stops <= 5 }).toEqual({ inFirstQuote: true, stops: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/keyboard-first-result-${width}.png` });
    await page.close();
  }, 120_000);
});
