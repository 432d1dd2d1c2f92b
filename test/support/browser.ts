import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { serve, startTestApp, type TestApp } from './app';

/** Debian's Chromium, headless, with the flags this closed network needs (see STACK.md). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
  const t = await startTestApp({ seedLabs, env: { WEB_DIST_DIR: WEB_DIST } });
  return { t, base: await serve(t), browser: await launchChromium() };
}

export async function closeBrowserApp(t: TestApp | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await t?.close();
}
