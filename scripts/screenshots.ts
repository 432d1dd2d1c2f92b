/**
 * Takes screenshots of routes at a phone and a desktop width, to look at what we build:
 *   npx swc ... or: node --experimental-strip-types scripts/screenshots.ts http://localhost:3000 / /app /no-such-page
 * Files go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../test/support/browser.ts';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const WIDTHS = [390, 1366];
const outDir = 'test-results/screenshots';
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const path of paths.length ? paths : ['/']) {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${path.replace(/\W+/g, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
