import type { Browser } from 'playwright-core';
import { whenAreaEnds } from './cases';
import { launchChromium } from './chromium';

// Apart from browser.ts, which loads the app: the e2e walks drive the built app in a process of its own.

let areaChromium: Promise<Browser> | undefined;

/**
 * The Chromium of this area's walks: one per jest file (its case files share a module registry, test/support/cases.ts),
 * launched by the first case file that asks and closed once the area's last case file is done. Each case file closes
 * the contexts it opened (`closeAreaContexts`), so none sees another's cookies or storage.
 */
export function chromiumOfTheArea(): Promise<Browser> {
  if (!areaChromium) {
    const launching = launchChromium();
    areaChromium = launching;
    launching.catch(() => (areaChromium = undefined));
    whenAreaEnds(async () => {
      areaChromium = undefined;
      await (await launching.catch(() => undefined))?.close();
    });
  }
  return areaChromium;
}

/** Closes every context open in the area's Chromium: what the case file that is ending opened. */
export async function closeAreaContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}
