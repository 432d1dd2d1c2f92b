import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { choose, logIn } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { waitFor } from '../support/wait';

const SHOTS = process.env.SHOTS_DIR;

describe('an administrator grants a provider user one branch at /app/maintainers/visibility', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let companyName: string;
  let branchName: string;
  let personId: number;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(8));
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { company: { status: 'APPROVED' } }, orderBy: { id: 'asc' }, include: { company: true } });
    companyName = lab.company.tradeName;
    branchName = lab.identifierName;
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    personId = (await createProvider(t, admin, lab.companyId, 'prv@visible.cl', 'clave-visible-1')).personId;
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  const fits = async (page: Page, width: number) => expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

  it('creates the grant from the menu, lists it with person, company, branch and state, and it fits at 1366 and 390', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);
    await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Visibilidad atributos' }).click();
    await page.waitForURL(`${base}/app/maintainers/visibility`);
    await page.getByRole('link', { name: 'Nueva visibilidad' }).click();
    await choose(page, 'visibility-personId', `Proveedor prv@visible.cl · ${companyName}`);
    await choose(page, 'visibility-companyId', companyName);
    await choose(page, 'visibility-laboratoryId', branchName);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-1366.png`, fullPage: true });
    await fits(page, 1366);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/app\/maintainers\/visibility\/view\/\d+$/);
    const grants = await waitFor(() => t.prisma.personVisibility.findMany({ where: { personId }, select: { laboratory: { select: { identifierName: true } }, isActive: true } }), (rows) => rows.length > 0);
    expect(grants).toEqual([{ laboratory: { identifierName: branchName }, isActive: true }]);

    await page.goto(`${base}/app/maintainers/visibility`);
    const row = page.getByRole('row').filter({ hasText: 'prv@visible.cl' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(companyName);
    expect(text).toContain(branchName);
    expect(text).toContain('Activa');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-1366.png`, fullPage: true });
    await fits(page, 1366);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText('prv@visible.cl').first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
    await fits(page, 390);
    await page.goto(`${base}/app/maintainers/visibility/new`);
    await page.getByLabel('Sucursal').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-390.png`, fullPage: true });
    await fits(page, 390);
    await context.close();
  });
});
