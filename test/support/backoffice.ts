import type { Page } from 'playwright-core';

/** Signs in on /app/login (or the login the back office shows) as a person would. */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Picks an option of a PrimeReact dropdown, typing in its filter when it has one. */
export async function choose(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const filter = page.locator('.p-dropdown-panel .p-dropdown-filter');
  if (await filter.count()) await filter.fill(option.slice(0, 12));
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}
