import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { axeViolations } from '../support/axe';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { examSuggestions } from '../support/exam-lookup';
import { choose } from '../support/backoffice';
import { clp } from '../support/format';

/** Set SHOTS_DIR to keep a screenshot of every screen (never in the repository). */
const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/** A Chilean calendar day, `days` from today, as a date field takes it. */
const chileDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date(Date.now() + days * 86_400_000));

const picture = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe('an administrator puts a package and a banner on the storefront', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let branch: { id: number; identifierName: string };
  const problems: string[] = [];

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    ({ t, base, browser } = await startBrowserApp(8));
    branch = await t.prisma.laboratory.findFirstOrThrow({ where: { company: { status: 'APPROVED' } }, orderBy: { id: 'desc' }, select: { id: true, identifierName: true } });
    // Two slides, so the carousel has somewhere to go.
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    for (const title of ['Toma de muestra a domicilio', 'Resultados en línea']) {
      await t.http.post('/api/slider').set('Authorization', `Bearer ${admin}`).send({ title, subtitle: 'En laboratorios seleccionados.' });
    }
  }, 180_000);
  afterAll(() => closeBrowserApp(t, browser));

  /** Both widths: a screenshot when asked for, nothing wider than the window, and axe-core clean. */
  async function look(page: Page, name: string) {
    for (const size of [PHONE, LAPTOP]) {
      await page.setViewportSize(size);
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
      expect({ name, width: size.width, overflow: (await page.evaluate<number>('document.documentElement.scrollWidth')) > size.width }).toEqual({ name, width: size.width, overflow: false });
      problems.push(...(await axeViolations(page, `${name}@${size.width}`)));
    }
  }

  it('creates a category, a product with its exams, cover and offer, and a banner, and the home and product pages show them', async () => {
    const context = await browser.newContext({ viewport: LAPTOP, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(`${base}/app`);

    // A category.
    await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Categorías' }).click();
    await page.waitForURL(`${base}/app/categories`);
    await page.locator('.cl-table').getByText('Chequeos y perfiles').waitFor();
    await look(page, 'bo-categories');
    await page.getByRole('link', { name: 'Nueva categoría' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Perfiles hormonales');
    await page.getByLabel('Descripción').fill('Tiroides y otras hormonas.');
    await look(page, 'bo-category-new');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Creamos la categoría.').waitFor();
    await page.getByRole('heading', { name: 'Perfiles hormonales' }).waitFor();

    // A product: branch and exams found by typing, a cover uploaded, an offer for ten days.
    await page.goto(`${base}/app/products/new`);
    await page.getByLabel('Código', { exact: true }).fill('pack-tiro-02');
    await choose(page, 'products-categoryId', 'Perfiles hormonales');
    await page.getByLabel('Nombre', { exact: true }).fill('Perfil tiroideo completo');
    await page.getByLabel('Descripción y preparación').fill('TSH, T4 libre y anticuerpos. No requiere ayuno.');
    await page.getByRole('combobox', { name: 'Sucursal donde se toma' }).pressSequentially(branch.identifierName.slice(0, 8), { delay: 20 });
    await page.locator('.p-autocomplete-panel li', { hasText: branch.identifierName }).first().click();
    for (const term of ['TSH', 'tiroxina libre']) {
      await examSuggestions(page, page.getByRole('combobox', { name: 'Exámenes incluidos' }), term, 20);
      await page.locator('.p-autocomplete-panel li').first().click();
      await page.locator('.p-autocomplete-panel').waitFor({ state: 'detached' });
    }
    await page.getByLabel('Precio', { exact: true }).pressSequentially('29990');
    await page.getByLabel('Precio de oferta').pressSequentially('24990');
    await page.getByLabel('Oferta desde').fill(chileDay(-1));
    await page.getByLabel('Oferta hasta (inclusive)').fill(chileDay(10));
    await page.getByLabel('Imagen de portada').setInputFiles({ name: 'tiroides.png', mimeType: 'image/png', buffer: await picture(1600, 900, '#0cc6de') });
    await page.getByAltText('Vista previa de imagen de portada').waitFor();
    await look(page, 'bo-product-new');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Creamos el producto.').waitFor();
    await page.getByRole('heading', { name: 'Perfil tiroideo completo' }).waitFor();
    // The notice fades in and out: axe would catch its colours half-way. The person closes it (it would go by itself
    // after 4 s) and the screen is looked at once it is gone.
    await page.locator('.p-toast-message').getByRole('button').click();
    await page.locator('.p-toast-message').waitFor({ state: 'detached' });
    const saved = await t.prisma.product.findUniqueOrThrow({ where: { code: 'PACK-TIRO-02' }, include: { exams: true, category: true } });
    expect({ price: saved.price, offer: saved.offerPrice, exams: saved.exams.length, category: saved.category?.name, laboratoryId: saved.laboratoryId, cover: saved.coverFileId !== null }).toEqual({
      price: 29990, offer: 24990, exams: 2, category: 'Perfiles hormonales', laboratoryId: branch.id, cover: true,
    });
    await look(page, 'bo-product-view');
    await page.goto(`${base}/app/products`);
    await page.locator('.cl-table').getByText('Perfil tiroideo completo').waitFor();
    await look(page, 'bo-products');

    // A banner with its picture, leading to the offers.
    await page.goto(`${base}/app/banners/new`);
    await page.getByLabel('Título').fill('Perfil tiroideo con descuento');
    await page.getByLabel('Bajada').fill('TSH y T4 libre a precio conjunto por diez días.');
    await page.getByLabel('Enlace').fill('/paquetes?lista=ofertas');
    await page.getByLabel('Imagen', { exact: true }).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture(1920, 600, '#057483') });
    await page.getByAltText('Vista previa de imagen').waitFor();
    await look(page, 'bo-banner-new');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Creamos el banner.').waitFor();
    await page.goto(`${base}/app/banners`);
    await page.locator('.cl-table').getByText('Perfil tiroideo con descuento').waitFor();
    await look(page, 'bo-banners');
    await page.goto(`${base}/app/sliders`);
    await page.locator('.cl-table').getByText('Resultados en línea').waitFor();
    await look(page, 'bo-sliders');
    await context.close();

    // The storefront, as a visitor on a phone: the order form first, then the banner, the slides and the offer.
    const visitor = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const home = await visitor.newPage();
    await home.goto(base);
    const banner = home.getByRole('link', { name: /Perfil tiroideo con descuento/ });
    await banner.waitFor();
    const form = await home.getByRole('form', { name: 'Cotizar una orden médica' }).boundingBox();
    expect(form!.y).toBeLessThan(PHONE.height / 2);
    expect((await banner.boundingBox())!.y).toBeGreaterThan(form!.y + form!.height);
    // The carousel moves only when asked.
    const slides = home.getByRole('region', { name: 'Destacados' });
    await slides.getByRole('group', { name: /1 de 2/ }).waitFor();
    await slides.getByRole('button', { name: 'Destacado siguiente' }).click();
    await slides.getByRole('group', { name: /2 de 2: Resultados en línea/ }).waitFor();
    const offers = home.getByRole('region', { name: 'Paquetes en oferta' });
    await offers.getByRole('link', { name: 'Perfil tiroideo completo' }).waitFor();
    await look(home, 'home');

    await offers.getByRole('link', { name: 'Perfil tiroideo completo' }).click();
    await home.waitForURL(`${base}/paquete/${saved.id}`);
    await home.getByRole('heading', { level: 1, name: 'Perfil tiroideo completo' }).waitFor();
    const price = home.locator('.cl-price');
    expect(await price.locator('del').textContent()).toBe(clp(29990));
    expect(await price.locator('strong').textContent()).toBe(clp(24990));
    await home.getByRole('link', { name: branch.identifierName }).waitFor();
    expect(await home.locator('.cl-product-page__exams li').count()).toBe(2);
    await look(home, 'product');

    await home.goto(`${base}/paquetes?lista=ofertas`);
    await home.getByRole('link', { name: 'Perfil tiroideo completo' }).waitFor();
    await look(home, 'products-offers');

    // /buscador: a package at the quoted branch that includes the order and costs less than its prices one by one.
    const priced = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch.id, status: 'AUTHORIZED', isActive: true, exam: { isActive: true } }, orderBy: { examId: 'asc' }, take: 2 });
    const separate = priced.reduce((sum, le) => sum + le.price, 0);
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    await t.http.post('/api/product').set('Authorization', `Bearer ${admin}`).send({ code: 'PACK-ORDEN', name: 'Paquete de tu orden', laboratoryId: branch.id, examIds: priced.map((le) => le.examId), price: separate - 990 });
    const lab = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branch.id }, include: { comuna: true } });
    await home.goto(`${base}/buscador?examenes=${priced.map((le) => le.examId).join(',')}&region=${lab.comuna.parentId}&comuna=${lab.comunaId}&orden=total`);
    const covering = home.getByRole('region', { name: 'Un paquete incluye tu orden por menos' });
    await covering.getByRole('link', { name: 'Paquete de tu orden' }).waitFor();
    expect(await covering.getByText(`Ahorras ${clp(990)}`).count()).toBe(1);
    await look(home, 'search-covering');
    await visitor.close();

    expect(problems).toEqual([]);
  }, 240_000);
});
