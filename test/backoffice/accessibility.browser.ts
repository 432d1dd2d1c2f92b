import type { Browser } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { lookAtEveryWidth, pageForAxe } from '../support/axe';
import { logIn } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';

const PROVIDER = { email: 'prv@accesible.cl', password: 'clave-accesible-12' };

/**
 * Issue 10 ("keyboard and screen reader usable") checked the way issue 18 checks the storefront: every
 * back-office screen, as an administrator and as a provider, at 320, 390 and 1366 px, has no axe-core
 * violation of WCAG 2.1 A/AA or of its best practices, and never scrolls sideways (issue 31).
 */
describe('back-office screens and accessibility', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let adminScreens: [string, string][];
  let providerScreens: [string, string][];

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(6));
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { company: { status: 'APPROVED' } }, orderBy: { id: 'asc' } });
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    await createProvider(t, admin, lab.companyId, PROVIDER.email, PROVIDER.password);
    const exam = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true }, orderBy: { id: 'asc' } });
    const price = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: lab.id }, orderBy: { id: 'asc' } });
    const term = await t.prisma.orderTerm.findFirstOrThrow({ where: { kind: 'AMBIGUOUS' }, orderBy: { id: 'asc' } });
    // The demo seed's example UF value (issue 30).
    const uf = await t.prisma.ufValue.findFirstOrThrow();
    adminScreens = [
      ['inicio', '/app'],
      ['examenes', '/app/exams'],
      ['examen', `/app/exams/view/${exam.id}`],
      ['examen-editar', `/app/exams/edit/${exam.id}`],
      ['vocabulario', '/app/order-terms'],
      ['vocabulario-termino', `/app/order-terms/view/${term.id}`],
      ['vocabulario-editar', `/app/order-terms/edit/${term.id}`],
      ['vocabulario-nuevo', '/app/order-terms/new'],
      ['precios-por-autorizar', '/app/authorized-examinations'],
      ['precio', `/app/authorized-examinations/view/${price.id}`],
      ['usuarios', '/app/users'],
      ['usuario-invitar', '/app/users/new'],
      ['empresas', '/app/company'],
      ['empresa', `/app/company/view/${lab.companyId}`],
      ['laboratorios', '/app/laboratories'],
      ['laboratorio', `/app/laboratories/view/${lab.id}`],
      ['laboratorio-editar', `/app/laboratories/edit/${lab.id}`],
      ['listas', '/app/maintainers/select-lists'],
      ['administradores', '/app/maintainers/administrators'],
      ['visibilidad', '/app/maintainers/visibility'],
      ['visibilidad-nueva', '/app/maintainers/visibility/new'],
      ['valor-uf', '/app/maintainers/uf-values'],
      ['valor-uf-detalle', `/app/maintainers/uf-values/view/${uf.id}`],
      ['valor-uf-editar', `/app/maintainers/uf-values/edit/${uf.id}`],
      ['valor-uf-nuevo', '/app/maintainers/uf-values/new'],
      ['importaciones', '/app/imports'],
      ['importar', '/app/imports/new?kind=exam'],
      ['reportes', '/app/reports'],
      ['historial-busquedas', '/app/reports/searchHistory'],
      ['historial-resultados', '/app/reports/resultHistory'],
    ];
    providerScreens = [
      ['mi-empresa', '/app/my-company'],
      ['mis-laboratorios', '/app/laboratories'],
      ['mis-precios', '/app/authorized-examinations'],
      ['mis-usuarios', '/app/users'],
      ['mis-importaciones', '/app/imports'],
      ['mis-reportes', '/app/reports/resultHistory'],
    ];
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('finds no violation and no sideways scroll on the sign-in screen at 320, 390 and 1366 px', async () => {
    const page = await pageForAxe(browser);
    await page.goto(`${base}/app/login`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await lookAtEveryWidth(page, 'ingresar')).toEqual([]);
    await page.context().close();
  });

  it.each(['an administrator', 'a provider'])('finds no violation and no sideways scroll on any back-office screen of %s at 320, 390 and 1366 px', async (role) => {
    const [who, screens] = role === 'a provider' ? [PROVIDER, providerScreens] : [ADMIN, adminScreens];
    const page = await pageForAxe(browser);
    await page.goto(`${base}/app/login`);
    await logIn(page, who);
    await page.waitForURL(`${base}/app`);
    const found: string[] = [];
    for (const [name, path] of screens) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('[aria-busy="true"], .p-datatable-loading-overlay').first().waitFor({ state: 'detached' }).catch(() => undefined);
      found.push(...(await lookAtEveryWidth(page, name)));
    }
    await page.context().close();
    expect([...new Set(found)]).toEqual([]);
  }, 300_000);
});
