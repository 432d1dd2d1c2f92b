import type { Page } from 'playwright-core';

/** Run in the page (a string: the tests are compiled without the DOM's types); its argument is `{ types, watched }`. */
const RECORD = `({ types, watched }) => {
  globalThis.__pageEvents = [];
  globalThis.__pageEventsStart = performance.now();
  const heard = (globalThis.__pageEventTypes ??= new Set());
  const log = (line) => globalThis.__pageEvents.push((performance.now() - globalThis.__pageEventsStart).toFixed(0) + ' ms ' + line);
  const name = (el) => el instanceof Element ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '') + (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '') + (el.textContent && el.children.length === 0 ? ' "' + el.textContent.slice(0, 30) + '"' : '') + (el.isConnected ? '' : ' (removed)') : String(el);
  for (const type of types) {
    if (heard.has(type)) continue;
    heard.add(type);
    addEventListener(type, (event) => log(type + ' ' + name(event.target) + ('relatedTarget' in event && (type === 'focusin' || type === 'focusout') ? ' from/to ' + name(event.relatedTarget) : '') + (event.isTrusted ? '' : ' (dispatched)')), true);
  }
  if (watched && !globalThis.__pageEventsWatched) {
    globalThis.__pageEventsWatched = true;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) if (node instanceof Element && node.matches(watched)) log(watched + ' shown');
        for (const node of change.removedNodes) if (node instanceof Element && node.matches(watched)) log(watched + ' gone');
      }
    }).observe(document.body, { childList: true });
  }
}`;

/**
 * Records in the page, from now on, each event of `types` as it goes down to its element (before the page's own
 * handlers), and each time an element matching `watched` is added to or removed from the body: for a failure to say
 * what the page went through (`pageEvents`). Called again, it starts a new record.
 */
export async function recordPageEvents(page: Page, types: string[], watched?: string): Promise<void> {
  await page.evaluate(`(${RECORD})(${JSON.stringify({ types, watched: watched ?? null })})`);
}

/** What `recordPageEvents` recorded, in order, one line each. */
export const pageEvents = (page: Page): Promise<string[]> => page.evaluate<string[]>('globalThis.__pageEvents ?? []');
