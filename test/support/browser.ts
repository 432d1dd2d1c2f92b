import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { serve, startTestApp, type TestApp } from './app';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink, without the full browser's
 * windowing and services), with the flags this closed network needs (see STACK.md). Why not the full `chromium`:
 * a fresh context costs it 1.5 s of CPU on these 2-core machines against 0.55 s for the shell (a reload 0.36 against
 * 0.21 s), and the walks open about a hundred contexts (docs/decisions.md, "Seventh pass"). Playwright uses the same
 * shell for headless runs. The Lighthouse benchmark keeps the full browser, as a patient's phone is.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await lookPromptly(browser);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/** Playwright's own pauses between two looks for an element: 20, 50, 100, 100, then 500 ms each (frames.ts). */
const PROMPT_PAUSES_MS = [20, 50, 100];
let lookingPromptly = false;

/**
 * Makes Playwright look again for an element that is not there yet at least every 100 ms, where it waits 500 ms after
 * its first 270. A screen that shows in 300 ms was otherwise seen at 770: over a third of the walks' time was these
 * pauses (docs/decisions.md, "Seventh pass"). Nothing else changes: every wait still ends on the element, its state
 * or its timeout. Reached through Playwright's in-process hook (`toImpl`, which its own tests use) on the frame class,
 * once per module registry (jest gives each file its own copy of playwright-core).
 */
async function lookPromptly(browser: Browser): Promise<void> {
  if (lookingPromptly) return;
  const page = await browser.newPage();
  try {
    const connection = (page as unknown as { _connection?: { toImpl?: (client: unknown) => { mainFrame?: () => object } } })._connection;
    const frame = connection?.toImpl?.(page)?.mainFrame?.() as { retryWithProgressAndBackoff?: unknown; retryWithProgressAndTimeouts?: unknown } | undefined;
    if (typeof frame?.retryWithProgressAndBackoff !== 'function' || typeof frame.retryWithProgressAndTimeouts !== 'function') {
      throw new Error("playwright-core's frames no longer have retryWithProgressAndBackoff/retryWithProgressAndTimeouts: find where locators poll in this version and adapt lookPromptly (test/support/browser.ts)");
    }
    const frameClass = Object.getPrototypeOf(frame) as { retryWithProgressAndBackoff: (this: { retryWithProgressAndTimeouts(progress: unknown, pauses: number[], action: unknown): unknown }, progress: unknown, action: unknown) => unknown };
    frameClass.retryWithProgressAndBackoff = function (progress, action) {
      return this.retryWithProgressAndTimeouts(progress, PROMPT_PAUSES_MS, action);
    };
    lookingPromptly = true;
  } finally {
    await page.context().close();
  }
}

/**
 * The built web app the browser tests serve: `web/dist` (what `npm test` builds), or TEST_WEB_DIST
 * when several people build the web app at once and each needs a build of their own.
 */
export const WEB_DIST = process.env.TEST_WEB_DIST ?? join(__dirname, '..', '..', 'web', 'dist');

/**
 * What every browser test starts with: a test app with `seedLabs` demo laboratories serving the built web app, its
 * address, and a Chromium to drive it. `closeBrowserApp` ends both, whatever of them started.
 */
export async function startBrowserApp(seedLabs: number): Promise<{ t: TestApp; base: string; browser: Browser }> {
  // Chromium starts while the app does (they wait on different things); whichever fails, nothing is left running.
  const [app, browser] = await Promise.allSettled([startTestApp({ seedLabs, env: { WEB_DIST_DIR: WEB_DIST } }), launchChromium()]);
  if (app.status === 'rejected' || browser.status === 'rejected') {
    await closeBrowserApp(app.status === 'fulfilled' ? app.value : undefined, browser.status === 'fulfilled' ? browser.value : undefined);
    throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
  }
  const t = app.value;
  return { t, base: await serve(t), browser: browser.value };
}

export async function closeBrowserApp(t: TestApp | undefined, browser: Browser | undefined): Promise<void> {
  // Both at once: the app's close waits for its queues and database, not for the browser (whose open connections
  // end as it closes), and each takes about a second.
  const closed = await Promise.allSettled([browser?.close(), t?.close()]);
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
