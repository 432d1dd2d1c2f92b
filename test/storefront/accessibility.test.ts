import type { Browser } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { axeViolations, sideways } from '../support/axe';

/**
 * Issue 18, item 3: every public page, at a phone's and a desktop's width, has no axe-core violation of
 * WCAG 2.1 A/AA or of its best practices. The pages are shown with data, as a patient sees them.
 */
describe('public pages and accessibility', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let pages: [name: string, path: string][];

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(12));
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED' } } }, orderBy: { id: 'asc' } });
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ['0301045', '0302034', '0302076'] } }, select: { id: true } });
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } });
    pages = [
      ['inicio', '/'],
      ['buscador', `/buscador?examenes=${exams.map((e) => e.id).join(',')}&region=${comuna.parentId}&comuna=${comuna.id}&cercanas=1&orden=total`],
      ['buscador-vacio', '/buscador'],
      ['laboratorio', `/laboratorio/${lab.id}`],
      ['contacto', '/contacto'],
      ['ingresar', '/login'],
      ['registro', '/registro'],
      ['registro-laboratorio', '/registro-laboratorio'],
      ['preguntas', '/preguntas-frecuentes'],
      ['terminos', '/terminos-y-condiciones'],
      ['no-existe', '/no-existe'],
    ];
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it.each([320, 390, 1366])('finds no violation and no sideways scroll on any public page at %i px', async (width) => {
    // The page's CSP forbids injected scripts; axe is a test tool, not part of the page.
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const found: string[] = [];
    for (const [name, path] of pages) {
      const page = await context.newPage();
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
      found.push(...(await axeViolations(page, name)), ...(await sideways(page, name)));
      await page.close();
    }
    await context.close();
    expect(found).toEqual([]);
  }, 180_000);
});
