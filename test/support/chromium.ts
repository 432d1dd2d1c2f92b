import { chromium, type Browser } from 'playwright-core';

// Kept apart from browser.ts, which starts the app: `npm run screenshots` (scripts/screenshots.mts) runs under Node's own
// TypeScript, and needs Chromium without the app's module graph.

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink, without the full browser's
 * windowing and services), with the flags this closed network needs (see STACK.md). Why not the full `chromium`:
 * a fresh context costs it 1.5 s of CPU on these 2-core machines against 0.55 s for the shell (a reload 0.36 against
 * 0.21 s), and the walks open about a hundred contexts (docs/decisions.md, "Seventh pass"). Playwright uses the same
 * shell for headless runs. The Lighthouse benchmark keeps the full browser, which a patient's phone runs.
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

/** The pauses between two looks for an element: 20, 50, then 100 ms each (Playwright's own: 20, 50, 100, 100, then 500). */
const PROMPT_PAUSES_MS = [20, 50, 100];
let lookingPromptly = false;

/**
 * Makes Playwright look again for an element that is not there yet at least every 100 ms, where it waits 500 ms after
 * its first 270. A screen that shows in 300 ms was otherwise seen at 770 (the back office's walks: 206-216 → 190-196 s,
 * docs/decisions.md, "Seventh pass"). Nothing else changes: every wait still ends on the element, its state
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
      throw new Error("playwright-core's frames no longer have retryWithProgressAndBackoff/retryWithProgressAndTimeouts: find where locators poll in this version and adapt lookPromptly (test/support/chromium.ts)");
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
