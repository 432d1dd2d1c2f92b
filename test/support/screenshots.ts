import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** Set SHOTS_DIR to keep screenshots of the states a walk passes (never in the repository). */
export const SHOTS = process.env.SHOTS_DIR;

/**
 * A screenshot of the page as it is now, as `${name}.png` in SHOTS_DIR, only when SHOTS_DIR asks for it: screenshots
 * are for a person to look at, nothing asserts on them, and a full-page one costs a walk a few hundred milliseconds.
 * Either way it waits for the page's web fonts, as a screenshot does: a width measured after it counts the text as shown.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = { fullPage: true }) {
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: options.fullPage });
}

/** A full-page screenshot at the page's (phone) width and at a desktop's, when SHOTS_DIR asks for them; back to the phone after. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const phone = page.viewportSize()!;
  await keepScreenshot(page, `${name}-${phone.width}`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await keepScreenshot(page, `${name}-1366`);
  await page.setViewportSize(phone);
}
