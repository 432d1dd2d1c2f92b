import type { Page } from 'playwright-core';

/**
 * Picks an option of a select (PrimeReact's dropdown) as a person does: opens it, types in its search box when it
 * has one (`filter`, by default the option's first words), and clicks the option. Then waits for the list to close:
 * it does so with an animation, and the next select must not find this one's panel still there.
 */
export async function choose(page: Page, inputId: string, option: string, filter = option.slice(0, 12)) {
  await page.evaluate(RECORD_SELECT_EVENTS);
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const search = page.locator('.p-dropdown-panel .p-dropdown-filter');
  if (await search.count()) await search.fill(filter);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  try {
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  } catch (error) {
    // Seen twice in nine single runs of every project under three workers, never with the walks two at a time
    // (docs/decisions.md, "Eighth pass", "Ninth pass"): what the page went through says whether the click picked the
    // option and the list opened again, or the click missed it.
    const label = await page.locator(`.p-dropdown:has(#${inputId}) .p-dropdown-label`).textContent().catch(() => '?');
    const events = await page.evaluate<string[]>('globalThis.__selectEvents ?? []');
    throw new Error(`${(error as Error).message}\nThe select reads "${label}". What happened, in order:\n${events.join('\n')}`);
  }
}

/** Records, in the page, the clicks and focus moves and each time a select's list appears or goes. */
const RECORD_SELECT_EVENTS = `(() => {
  globalThis.__selectEvents = [];
  globalThis.__selectStart = performance.now();
  if (globalThis.__selectRecorder) return;
  globalThis.__selectRecorder = true;
  const log = { push: (line) => globalThis.__selectEvents.push(line) };
  const at = () => (performance.now() - globalThis.__selectStart).toFixed(0) + ' ms';
  const name = (el) => el instanceof Element ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '') + (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '') + (el.textContent && el.children.length === 0 ? ' "' + el.textContent.slice(0, 30) + '"' : '') : String(el);
  for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'focusin', 'keydown', 'resize', 'scroll']) {
    addEventListener(type, (event) => log.push(at() + ' ' + type + ' ' + name(event.target)), true);
  }
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node instanceof Element && node.matches('.p-dropdown-panel')) log.push(at() + ' list shown');
      for (const node of change.removedNodes) if (node instanceof Element && node.matches('.p-dropdown-panel')) log.push(at() + ' list gone');
    }
  }).observe(document.body, { childList: true });
})()`;
