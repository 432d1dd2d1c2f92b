import type { Page } from 'playwright-core';

/**
 * Picks an option of a select (PrimeReact's dropdown) as a person does: opens it, types in its search box when it
 * has one (`filter`, by default the option's first words), and clicks the option. Then waits for the list to close:
 * it does so with an animation, and the next select must not find this one's panel still there.
 */
export async function choose(page: Page, inputId: string, option: string, filter = option.slice(0, 12)) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const search = page.locator('.p-dropdown-panel .p-dropdown-filter');
  if (await search.count()) await search.fill(filter);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}
