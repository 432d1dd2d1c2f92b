import { join } from 'node:path';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { serve, startTestApp, type TestApp } from './app';
import { chromiumOfTheArea, closeAreaContexts } from './area-chromium';

/**
 * The built web app the browser tests serve: `web/dist` (what `npm test` builds), or TEST_WEB_DIST
 * when several people build the web app at once and each needs a build of their own.
 */
export const WEB_DIST = process.env.TEST_WEB_DIST ?? join(__dirname, '..', '..', 'web', 'dist');

/**
 * What every browser test starts with: a test app with `seedLabs` demo laboratories serving the built web app, its
 * address, and the area's Chromium to drive it. `closeBrowserApp` ends the app and the contexts the case file opened.
 */
export async function startBrowserApp(seedLabs: number): Promise<{ t: TestApp; base: string; browser: Browser }> {
  // Chromium starts while the app does (they wait on different things); whichever fails, nothing is left running.
  const [app, browser] = await Promise.allSettled([startTestApp({ seedLabs, env: { WEB_DIST_DIR: WEB_DIST } }), chromiumOfTheArea()]);
  if (app.status === 'rejected' || browser.status === 'rejected') {
    await closeBrowserApp(app.status === 'fulfilled' ? app.value : undefined, browser.status === 'fulfilled' ? browser.value : undefined);
    throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
  }
  const t = app.value;
  return { t, base: await serve(t), browser: browser.value };
}

export async function closeBrowserApp(t: TestApp | undefined, browser: Browser | undefined): Promise<void> {
  // Both at once: the app's close waits for its queues and database, not for the browser's pages (whose open
  // connections end as they close).
  const closed = await Promise.allSettled([closeAreaContexts(browser), t?.close()]);
  const failed = closed.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Waits for `locator` as `locator.waitFor()` does; when it never comes, the failure says what the page showed
 * instead (its text and the API answers that failed), so a failure seen once in CI can be understood from its log.
 */
export async function waitOrShowPage(page: Page, locator: Locator): Promise<void> {
  const failed: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() >= 400 && response.url().includes('/api/')) failed.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);
  try {
    await locator.waitFor();
  } catch (error) {
    const text = (await page.locator('body').innerText().catch(() => '(no body)')).slice(0, 1500);
    throw new Error(`${(error as Error).message}\nThe page showed instead:\n${text}\nFailed API answers: ${failed.join(', ') || 'none'}`);
  } finally {
    page.off('response', onResponse);
  }
}
