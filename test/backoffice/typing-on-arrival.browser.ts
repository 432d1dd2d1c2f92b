import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN } from '../support/accounts';
import type { TestApp } from '../support/app';
import { logIn, lookAtBothWidths } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { prefixes, slowPageRecording, typingRecord } from '../support/typing-record';
import { waitFor } from '../support/wait';

/**
 * The back office's single-value look-ups keep every letter typed the moment they show, on a slower CPU, while the
 * screen is still rendering what it loads: under Preact, PrimeReact's AutoComplete wrote an older text back over the
 * typing from a late effect (docs/decisions.md; the storefront's exam box: test/storefront/typing-on-arrival.browser.ts).
 */
describe('typing in a back-office look-up as soon as the screen shows it', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let branch: { id: number; identifierName: string };

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(6));
    branch = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, company: { status: 'APPROVED' } }, orderBy: { id: 'asc' }, select: { id: true, identifierName: true } });
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);
    await page.close();
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  /** A page of the signed-in administrator, slowed down and recording the box of this id; its look-ups' terms. */
  async function slowPage(box: string, lookUp: { path: string; term: (body: Record<string, unknown>) => unknown }) {
    const page = await context.newPage();
    await slowPageRecording(page, [box]);
    const terms: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(lookUp.path)) terms.push(String(lookUp.term(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>)));
    });
    return { page, terms };
  }

  /**
   * The screen is looked at without the suggestions' overlay: it is placed for the width it opened at, and a narrower
   * window would count it as the page overflowing (PrimeReact hides it on resize, in a race with the measurement).
   */
  async function closeSuggestions(page: Page) {
    await page.keyboard.press('Escape');
    await page.locator('.p-autocomplete-panel').waitFor({ state: 'detached' });
  }

  /** The box says what was typed once its suggestions have come, each letter went in after the ones before, nothing overwrote them. */
  async function expectKept(page: Page, box: string, typed: string, terms: string[]) {
    const text = () => page.locator(`#${box}`).inputValue();
    expect(await waitFor(text, (shown) => shown === typed)).toBe(typed);
    await page.locator('.p-autocomplete-panel li').first().waitFor();
    expect(await text()).toBe(typed);
    expect(await typingRecord(page, box)).toEqual({ typed: prefixes(typed), overwritten: [] });
    // Every look-up asked for what had been typed by then: never for a text that was written over the typing.
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.filter((term) => !typed.startsWith(term))).toEqual([]);
  }

  it("keeps every letter of a product's branch (/app/products/new)", async () => {
    const typed = branch.identifierName.slice(0, 8);
    const { page, terms } = await slowPage('products-laboratoryId', { path: '/api/priv/laboratory/search', term: (body) => body.name });
    await page.goto(`${base}/app/products/new`, { waitUntil: 'commit' });
    await page.locator('#products-laboratoryId').pressSequentially(typed);
    await expectKept(page, 'products-laboratoryId', typed, terms);
    await page.locator('.p-autocomplete-panel li', { hasText: branch.identifierName }).first().waitFor();
    await closeSuggestions(page);
    await lookAtBothWidths(page, 'bo-typing-product-branch');
    await page.close();
  });

  it("keeps every letter of the exam added to a branch's prices (/app/laboratories/view, Precios)", async () => {
    const { page, terms } = await slowPage('add-exam', { path: '/api/exam/search', term: (body) => body.term });
    await page.goto(`${base}/app/laboratories/view/${branch.id}`, { waitUntil: 'commit' });
    // The tab as soon as it is there, and the box as soon as the tab shows it, while the prices list still loads.
    await page.getByRole('tab', { name: 'Precios' }).click();
    await page.locator('#add-exam').pressSequentially('hemo');
    await expectKept(page, 'add-exam', 'hemo', terms);
    expect(await page.locator('.p-autocomplete-panel li').first().textContent()).toMatch(/^Hemograma/);
    await closeSuggestions(page);
    await lookAtBothWidths(page, 'bo-typing-add-price');
    await page.close();
  });
});
