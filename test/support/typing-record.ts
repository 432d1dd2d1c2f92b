import type { Page } from 'playwright-core';

/** One thing that happened to a recorded box: a letter typed (the text after it) or a text the page's script wrote. */
export interface BoxEvent {
  box: string;
  kind: 'typed' | 'written';
  text: string;
  /** What the box held when the script wrote (empty for typing). */
  over: string;
}

/**
 * Records, in the page, every text its scripts write into the inputs of these ids (the `value` setter) and every
 * letter typed in them (the person's input events: not the one the app dispatches to tell itself of text typed before
 * the hydration, earlyClicks.ts), from before the page's own scripts run. A string: the tests are compiled without the DOM's
 * types.
 */
const recordBoxes = (ids: string[]) => `(() => {
  const ids = new Set(${JSON.stringify(ids)});
  const record = (window.__typingRecord = []);
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    configurable: true,
    get() { return native.get.call(this); },
    set(text) {
      if (ids.has(this.id)) record.push({ box: this.id, kind: 'written', text: String(text), over: native.get.call(this) });
      native.set.call(this, text);
    },
  });
  document.addEventListener('input', (event) => {
    if (event.isTrusted && ids.has(event.target.id)) record.push({ box: event.target.id, kind: 'typed', text: event.target.value, over: '' });
  }, true);
})()`;

/**
 * A page on a phone's slower CPU (Lighthouse's: four times slower), recording the boxes of these ids: typing
 * there as soon as a box shows then overlaps the page's first renders and the answers they wait for.
 */
export async function slowPageRecording(page: Page, ids: string[]): Promise<void> {
  await page.addInitScript(recordBoxes(ids));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * What the typing in one box left on record: each text after each letter (each letter went in after the ones
 * before it when these are the typed word's prefixes), and every script write that changed what the box held
 * (none, when no render wrote an older text over the typing).
 */
export async function typingRecord(page: Page, id: string): Promise<{ typed: string[]; overwritten: BoxEvent[] }> {
  const record = (await page.evaluate<BoxEvent[]>('window.__typingRecord')).filter((e) => e.box === id);
  return {
    typed: record.filter((e) => e.kind === 'typed').map((e) => e.text),
    overwritten: record.filter((e) => e.kind === 'written' && e.text !== e.over),
  };
}

/** What a word's letters leave in a box one after another: "hemo" → h, he, hem, hemo. */
export const prefixes = (word: string) => [...word].map((_, i) => word.slice(0, i + 1));
