import type { Page } from 'playwright-core';
import { pageEvents, recordPageEvents } from './page-events';

/**
 * Picks an option of a select (PrimeReact's dropdown) as a person does: opens it, types in its search box when it
 * has one (`filter`, by default the option's first words), and clicks the option. Then waits for the list to close:
 * it does so with an animation, and the next select must not find this one's panel still there.
 */
export async function choose(page: Page, inputId: string, option: string, filter = option.slice(0, 12)) {
  await recordPageEvents(page, ['pointerdown', 'mousedown', 'mouseup', 'click', 'focusin', 'keydown', 'resize', 'scroll'], '.p-dropdown-panel');
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
    const events = await pageEvents(page);
    throw new Error(`${(error as Error).message}\nThe select reads "${label}". What happened, in order:\n${events.join('\n')}`);
  }
}
