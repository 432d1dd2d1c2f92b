import type { Browser } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { lookAtEveryWidth, pageForAxe } from '../support/axe';

/**
 * Issue 18, item 3: every public page, at a phone's and a desktop's width, has no axe-core violation of
 * WCAG 2.1 A/AA or of its best practices, and none scrolls sideways. The pages are shown with data, as a patient sees them.
 */
describe('public pages and accessibility', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let pages: Record<string, [name: string, path: string][]>;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(12));
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED' } } }, orderBy: { id: 'asc' } });
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ['0301045', '0302034', '0302076'] } }, select: { id: true } });
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Providencia' } });
    pages = {
      'the quote pages': [
        ['inicio', '/'],
        ['buscador', `/buscador?examenes=${exams.map((e) => e.id).join(',')}&region=${comuna.parentId}&comuna=${comuna.id}&cercanas=1&orden=total`],
        ['buscador-vacio', '/buscador'],
        ['laboratorio', `/laboratorio/${lab.id}`],
      ],
      'the account pages': [
        ['ingresar', '/login'],
        ['registro', '/registro'],
        ['registro-laboratorio', '/registro-laboratorio'],
      ],
      'the information pages': [
        ['contacto', '/contacto'],
        ['preguntas', '/preguntas-frecuentes'],
        ['terminos', '/terminos-y-condiciones'],
        ['no-existe', '/no-existe'],
      ],
    };
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it.each(['the quote pages', 'the account pages', 'the information pages'])('finds no violation and no sideways scroll on %s at 320, 390 and 1366 px', async (group) => {
    const page = await pageForAxe(browser);
    const found: string[] = [];
    for (const [name, path] of pages[group]) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
      found.push(...(await lookAtEveryWidth(page, name)));
    }
    await page.context().close();
    expect(found).toEqual([]);
  }, 180_000);
});
