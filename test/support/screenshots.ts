import type { Page } from 'playwright-core';

/** Set SHOTS_DIR to keep screenshots of the states a walk passes (never in the repository). */
export const SHOTS = process.env.SHOTS_DIR;

/** A full-page screenshot at the page's (phone) width and at a desktop's, when SHOTS_DIR asks for them; back to the phone after. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${phone.width}.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(phone);
}
