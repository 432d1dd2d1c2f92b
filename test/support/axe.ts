import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';

/** WCAG 2.1 A and AA, and axe's best practices. */
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

let source: Promise<string> | undefined;

/**
 * The axe-core violations of the page as it is now, one line each ("contrast (serious) at .cl-back").
 * The page's context must be created with `bypassCSP: true`: axe is injected, and the app's CSP
 * rightly refuses injected scripts. A page that already has it (a second look at another width) is not sent
 * axe's 500 kB again.
 */
export async function axeViolations(page: Page, name: string): Promise<string[]> {
  if (!(await page.evaluate<boolean>("typeof globalThis.axe !== 'undefined'"))) {
    source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(await source);
  }
  // What a person reads is the settled page: a panel fading out (the cart's, as the checkout opens) has a contrast
  // of no use to judge while it fades. Animations without an end (a spinner) are not waited for.
  await page.evaluate('Promise.all(document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime)).map((a) => a.finished.catch(() => undefined))).then(() => undefined)');
  const violations = await page.evaluate<Violation[], string[]>(
    async (tags) => (await (globalThis as unknown as { axe: { run: (options: object) => Promise<{ violations: Violation[] }> } }).axe.run({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations,
    RULES,
  );
  return violations.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`);
}

/** The page as it is now, if it is wider than its window (a phone would scroll sideways): one line, else none. */
export async function sideways(page: Page, name: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
  return scrollWidth > width ? [`${name}: ${scrollWidth} px wide at ${width} px (sideways scroll)`] : [];
}

/** The widths every screen is looked at: the narrowest phone, a common phone, a laptop. */
export const WIDTHS = [320, 390, 1366];

/** A page for axe, at the narrowest width: its context bypasses the app's CSP, which rightly refuses injected scripts. */
export async function pageForAxe(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 }, bypassCSP: true });
  return context.newPage();
}

/**
 * The violations and sideways scrolls of the screen on `page` at each of WIDTHS. One load of the screen for all three:
 * the window is resized under it, as a phone turned sideways or a narrowed window would.
 */
export async function lookAtEveryWidth(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: what the resize set off (resize observers, media queries' listeners) has rendered.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    found.push(...(await axeViolations(page, `${name} at ${width} px`)), ...(await sideways(page, `${name} at ${width} px`)));
  }
  return found;
}
