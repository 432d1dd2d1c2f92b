import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

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
  const violations = await page.evaluate<Violation[], string[]>(
    async (tags) => (await (globalThis as unknown as { axe: { run: (options: object) => Promise<{ violations: Violation[] }> } }).axe.run({ runOnly: { type: 'tag', values: tags } })).violations,
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
