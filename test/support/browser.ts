import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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
