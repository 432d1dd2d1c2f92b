import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { logIn, lookAtBothWidths } from '../support/backoffice';
import { axeViolations } from '../support/axe';
import { clp } from '../support/format';
import { waitFor } from '../support/wait';
import { payOnSimulator } from './orders-support';

const PHONE = { width: 390, height: 844 };

describe('a visitor buys a quote’s exams on a phone, pays, gets the voucher, and the laboratory redeems it', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let laboratory: { id: number; identifierName: string; comunaId: number; companyId: number; regionId: number };
  let exams: { name: string; code: string; price: number; examId: number }[];
  let fonasaId: number;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(12));
    // A selling branch and two of its exams: the quote of those two exams in its comuna lists it.
    fonasaId = (await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'fonasa' } })).id;
    // A branch that takes FONASA bonos: the cart then shows what the patient pays with FONASA.
    const lab = await t.prisma.laboratory.findFirstOrThrow({
      where: { isActive: true, fonasaLevel: { not: null }, insurers: { some: { insurerId: fonasaId } }, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED', isActive: true } } },
      include: { comuna: true },
      orderBy: { id: 'asc' },
    });
    laboratory = { id: lab.id, identifierName: lab.identifierName, comunaId: lab.comunaId, companyId: lab.companyId, regionId: lab.comuna.parentId! };
    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', isActive: true, exam: { isActive: true } }, include: { exam: true }, orderBy: { id: 'asc' }, take: 2 });
    exams = offers.map((o) => ({ name: o.exam.name, code: o.exam.code, price: o.price, examId: o.examId }));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  const look = async (page: Page, name: string) => {
    await lookAtBothWidths(page, name);
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page, name)).toEqual([]);
  };

  /** From the quote of the two exams (with FONASA) to the laboratory's page, where "Agregar mi orden al carro" adds both. */
  async function addFromQuote(page: Page) {
    await page.goto(`${base}/buscador?examenes=${exams.map((e) => e.examId).join(',')}&region=${laboratory.regionId}&comuna=${laboratory.comunaId}&prevision=${fonasaId}&orden=total`);
    // The quote has answered (the results are no longer busy) before its card is opened.
    await page.locator('[aria-labelledby="results-title"][aria-busy="false"]').getByTestId('quote').first().waitFor();
    await page.getByTestId('quote').getByRole('link', { name: laboratory.identifierName, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/laboratorio/${laboratory.id}(\\?|$)`));
    await page.getByRole('button', { name: 'Agregar mi orden al carro' }).click();
    await page.getByRole('button', { name: 'Tu orden está en el carro' }).waitFor();
  }

  async function checkOutAsVisitor(page: Page, email: string) {
    await page.getByRole('button', { name: /^Carro de exámenes: 2 exámenes$/ }).click();
    await expect(page.getByTestId('cart-total').textContent()).resolves.toBe(clp(exams[0].price + exams[1].price));
    // Quoted with FONASA: the cart says that paying online is the private price, and how to pay the bono copay instead.
    const note = await page.getByTestId('cart-patient-pays').textContent();
    expect(note).toContain(`El pago en línea es el precio particular, ${clp(exams[0].price + exams[1].price)}: no usa tu bono FONASA.`);
    expect(note).toMatch(/Paga con tu bono FONASA en el laboratorio: \$[\d.]+\. No pagues aquí: ve a /);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await page.waitForURL(`${base}/checkout`);
    await page.getByRole('heading', { name: `Tu orden en ${laboratory.identifierName}` }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Carla');
    await page.getByLabel('Apellido').fill('Muñoz');
    await page.getByLabel('RUT').fill('111111111');
    await page.getByLabel('Teléfono').fill('912345678');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByText('Modo demostración: no se usa tarjeta').waitFor();
  }

  it('pays on the simulator, lands on the voucher and downloads its PDF; a rejected payment keeps the cart; the provider redeems', async () => {
    const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
    const page = await context.newPage();
    await addFromQuote(page);

    // A second laboratory's exam asks before replacing the cart.
    const other = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { status: 'AUTHORIZED', isActive: true, laboratory: { isActive: true, id: { not: laboratory.id } } }, include: { laboratory: true, exam: true } });
    await page.goto(`${base}/laboratorio/${other.laboratoryId}`);
    await page.getByLabel('Buscar un examen en este laboratorio').fill(other.exam.code);
    await page.getByText(`FONASA ${other.exam.code}`).waitFor();
    await page.getByRole('button', { name: /^Agregar .* al carro$/ }).first().click();
    const conflict = page.getByRole('dialog', { name: 'Tu carro es de otro laboratorio' });
    await conflict.getByText(`Cada orden es de un solo laboratorio`).waitFor();
    await look(page, 'cart-conflict');
    await conflict.getByRole('button', { name: 'Mantener mi carro' }).click();
    await conflict.waitFor({ state: 'detached' });

    await checkOutAsVisitor(page, 'carla@correo.test');
    await look(page, 'checkout');
    await page.getByRole('button', { name: `Pagar ${clp(exams[0].price + exams[1].price)}` }).click();

    // The simulator plays Webpay: its page says it is a demonstration.
    await page.waitForURL(/\/api\/payments\/simulator/);
    await page.getByRole('note').getByText('MODO DEMOSTRACIÓN', { exact: false }).waitFor();
    await look(page, 'simulator');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();

    await page.waitForURL(/\/voucher\/\d+\?k=/);
    const orderId = Number(/\/voucher\/(\d+)/.exec(page.url())![1]);
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.status).toBe('PAID');
    await expect(page.getByTestId('voucher-code').textContent()).resolves.toBe(order.number);
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe(clp(order.total));
    await page.getByText(laboratory.identifierName).first().waitFor();
    await page.getByText('Preparación:').first().waitFor();
    await page.getByRole('img', { name: `Código QR del voucher ${order.number}` }).waitFor();
    // What was bought left the cart.
    await page.getByRole('button', { name: 'Carro de exámenes: 0 exámenes' }).waitFor();
    await look(page, 'voucher');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar PDF' }).click()]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(order.number);
    expect(download.suggestedFilename()).toBe(`voucher-${order.number}.pdf`);
    if (process.env.SHOTS_DIR) await writeFile(`${process.env.SHOTS_DIR}/voucher.pdf`, pdf);

    // A second purchase, rejected on the simulator: the failed page says why, and the cart is as it was.
    await addFromQuote(page);
    const cartBefore = await page.evaluate(() => localStorage.getItem('NB_CART'));
    await checkOutAsVisitor(page, 'carla@correo.test');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/api\/payments\/simulator/);
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/\/transaction\/failed\/\d+\?k=/);
    await page.getByTestId('failure-reason').getByText('El pago fue rechazado. No se hizo ningún cargo a tu tarjeta.', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('NB_CART'))).toBe(cartBefore);
    await page.getByRole('button', { name: 'Carro de exámenes: 2 exámenes' }).waitFor();
    await page.getByRole('link', { name: 'Intentar nuevamente' }).waitFor();
    await look(page, 'transaction-failed');
    await context.close();

    // The laboratory's provider finds the voucher by its code and marks it redeemed.
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    await createProvider(t, admin, laboratory.companyId, 'recepcion@laboratorio.test', 'clave-recepcion-123');
    const office = await browser.newPage({ viewport: PHONE });
    await office.goto(`${base}/app/login`);
    await logIn(office, { email: 'recepcion@laboratorio.test', password: 'clave-recepcion-123' });
    await office.waitForURL(`${base}/app`);
    await office.goto(`${base}/app/salesorders?term=${order.number}`);
    await office.getByRole('link', { name: `Ver orden ${order.number}` }).waitFor();
    await look(office, 'salesorders-list');
    await office.getByRole('link', { name: `Ver orden ${order.number}` }).click();
    await office.getByRole('heading', { name: `Orden ${order.number}` }).waitFor();
    await look(office, 'salesorder-view');
    await office.getByRole('button', { name: 'Marcar canjeado' }).click();
    await office.getByRole('dialog', { name: `Canjear el voucher ${order.number}` }).getByRole('button', { name: 'Marcar canjeado' }).click();
    await office.getByText(`El voucher ${order.number} quedó canjeado.`).waitFor();
    const redeemed = await waitFor(() => t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.id } }), (o) => o.status === 'REDEEMED');
    expect(redeemed.status).toBe('REDEEMED');
    await office.getByRole('button', { name: 'Marcar canjeado' }).waitFor({ state: 'detached' });
    await office.close();
  });

  it('buys a package found on the home page together with one exam of the same laboratory', async () => {
    const [first, second] = exams;
    const pack = await t.prisma.product.create({
      data: {
        code: 'WALK-PACK-1', name: 'Chequeo de la caminata', description: 'Dos exámenes de rutina.', companyId: laboratory.companyId, laboratoryId: laboratory.id,
        price: first.price + 5_000, netPrice: first.price + 5_000, offerPrice: first.price + 1_000, offerStartsAt: new Date(Date.now() - 86_400_000), isNew: true,
        exams: { create: [{ examId: first.examId }] },
      },
    });
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: pack.name }).first().click();
    await page.waitForURL(`${base}/paquete/${pack.id}`);
    await page.getByRole('heading', { level: 1, name: pack.name }).waitFor();
    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    await page.getByText('El paquete está en tu carro.').waitFor();
    await look(page, 'product-in-cart');

    // One more exam of the same branch, from its page.
    await page.goto(`${base}/laboratorio/${laboratory.id}`);
    await page.getByLabel('Buscar un examen en este laboratorio').fill(second.code);
    await page.getByText(`FONASA ${second.code}`).waitFor();
    await page.getByRole('button', { name: /^Agregar .* al carro$/ }).first().click();
    await page.getByRole('button', { name: /^Carro de exámenes: 2 exámenes$/ }).click();
    const total = pack.offerPrice! + second.price;
    await expect(page.getByTestId('cart-total').textContent()).resolves.toBe(clp(total));
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await page.waitForURL(`${base}/checkout`);
    await page.getByLabel('Nombre', { exact: true }).fill('Luis');
    await page.getByLabel('Apellido').fill('Rojas');
    await page.getByLabel('RUT').fill('111111111');
    await page.getByLabel('Teléfono').fill('912345678');
    await page.getByLabel('Correo electrónico').fill('luis@correo.test');
    await page.getByRole('button', { name: `Pagar ${clp(total)}` }).click();
    await page.waitForURL(/\/api\/payments\/simulator/);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL(/\/voucher\/\d+\?k=/);
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: Number(/\/voucher\/(\d+)/.exec(page.url())![1]) }, include: { lines: true } });
    expect({ status: order.status, total: order.total, lines: order.lines.length }).toEqual({ status: 'PAID', total, lines: 2 });
    // The voucher names the package and the exam it includes, and the exam bought apart.
    await page.getByText(pack.name).first().waitFor();
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe(clp(total));
    await page.close();
  });

  it('shows a signed-in buyer’s orders on /panel, each opening its voucher', async () => {
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Ana', lastName: 'Compradora', email: 'ana@correo.test', password: 'clave-de-ana-123' });
    const ana = (await signIn(t, 'ana@correo.test', 'clave-de-ana-123')).token;
    const offer = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: laboratory.id, status: 'AUTHORIZED', isActive: true } });
    const placed = (await t.http.post('/api/checkout-auth').set('Authorization', `Bearer ${ana}`).send({
      idempotencyKey: 'panel-walk-0000000001', laboratoryId: laboratory.id, items: [{ id: offer.id, quantity: 1, price: offer.price }], shippingMethod: 'BRANCH', paymentMethod: 'simulator',
    })).body.data;
    await payOnSimulator(t, placed.payment.token, 'approve');

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${base}/login`);
    await logIn(page, { email: 'ana@correo.test', password: 'clave-de-ana-123' });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${base}/panel`);
    const orders = page.getByRole('region', { name: 'Mis órdenes' });
    await orders.getByText(placed.salesOrder.number).waitFor();
    await orders.getByText('Pagada').waitFor();
    await look(page, 'panel-orders');
    await orders.getByRole('link', { name: new RegExp(placed.salesOrder.number) }).click();
    await page.waitForURL(`${base}/voucher/${placed.salesOrder.id}`);
    await expect(page.getByTestId('voucher-code').textContent()).resolves.toBe(placed.salesOrder.number);
    // Signed in as its buyer, the voucher's PDF link carries the secret the buyer may share.
    await expect(page.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')).resolves.toBe(`/api/sales-order/${placed.salesOrder.id}/voucher.pdf?k=${encodeURIComponent(placed.salesOrder.accessKey)}`);
    await page.close();
  });
  it('at home: the fee the quote added in the patient’s comuna is the fee the checkout shows and charges', async () => {
    const near = await t.prisma.nearLocation.findFirstOrThrow({ where: { nearLocationId: laboratory.comunaId, source: 'ADJACENT', locationId: { not: laboratory.comunaId } }, include: { location: true } });
    // The branch states its home collection (its own comuna and this neighbour at its own fee), as its form does.
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const stated = await t.http.post(`/api/priv/laboratory/${laboratory.id}`).set('Authorization', `Bearer ${admin}`)
      .send({ homeCollection: { fee: 4990, comunas: [{ id: laboratory.comunaId }, { id: near.locationId, fee: 6990 }] } });
    expect(stated.body.code).toBe(200);
    const quoted = exams[0].price + exams[1].price + 6990;

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${base}/buscador?examenes=${exams.map((e) => e.examId).join(',')}&region=${near.location.parentId}&comuna=${near.locationId}&domicilio=1&orden=total`);
    const card = page.locator('[aria-labelledby="results-title"][aria-busy="false"]').getByTestId('quote').filter({ has: page.getByRole('link', { name: laboratory.identifierName, exact: true }) });
    await card.waitFor();
    await expect(card.getByTestId('quote-home-fee').textContent()).resolves.toBe(clp(6990));
    await expect(card.getByTestId('quote-total').textContent()).resolves.toBe(clp(quoted));
    await card.getByRole('link', { name: laboratory.identifierName, exact: true }).click();
    await page.getByRole('button', { name: 'Agregar mi orden al carro' }).click();
    await page.getByRole('button', { name: /^Carro de exámenes: 2 exámenes$/ }).click();
    // Quoted with no previsión: nothing about one, no Isapre, no bono.
    await expect(page.locator('.cl-cart__note').textContent()).resolves.toBe('Pagas el precio particular del laboratorio.');
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await page.waitForURL(`${base}/checkout`);
    await page.getByLabel('Toma de muestra a domicilio').check();
    await page.locator('.p-dropdown:has(#home-comuna)').click();
    await page.getByRole('option', { name: `${near.location.name} · ${clp(6990)}` }).click();
    await page.getByLabel('Dirección').fill('Los Aromos 123');
    await page.getByLabel('Nombre', { exact: true }).fill('Carla');
    await page.getByLabel('Apellido').fill('Muñoz');
    await page.getByLabel('RUT').fill('111111111');
    await page.getByLabel('Teléfono').fill('912345678');
    await page.getByLabel('Correo electrónico').fill('domicilio@correo.test');
    await look(page, 'checkout-domicilio');
    await page.getByRole('button', { name: `Pagar ${clp(quoted)}` }).click();
    await page.waitForURL(/\/api\/payments\/simulator/);
    const order = await t.prisma.salesOrder.findFirstOrThrow({ where: { email: 'domicilio@correo.test' } });
    expect(order).toMatchObject({ total: quoted, shippingFee: 6990, homeComunaId: near.locationId });
    await page.close();
  });
  it('an administrator refunds a paid order from /app/salesorders with a reason and a confirmation', async () => {
    const offer = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: laboratory.id, status: 'AUTHORIZED', isActive: true } });
    const placed = (await t.http.post('/api/checkout').send({
      idempotencyKey: 'refund-walk-000000001', laboratoryId: laboratory.id, items: [{ id: offer.id, quantity: 1, price: offer.price }], shippingMethod: 'BRANCH', paymentMethod: 'simulator',
      firstName: 'Rosa', lastName: 'Reembolso', rut: '11.111.111-1', email: 'rosa@correo.test', phone: '+56 9 1234 5678',
    })).body.data;
    await payOnSimulator(t, placed.payment.token, 'approve');

    const office = await browser.newPage({ viewport: PHONE });
    await office.goto(`${base}/app/login`);
    await logIn(office, ADMIN);
    await office.waitForURL(`${base}/app`);
    await office.goto(`${base}/app/salesorders/view/${placed.salesOrder.id}`);
    await office.getByRole('heading', { name: `Orden ${placed.salesOrder.number}` }).waitFor();
    await office.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    const dialog = office.getByRole('dialog', { name: `Reembolsar la orden ${placed.salesOrder.number}` });
    // Without a reason it asks for one, and nothing is refunded.
    await dialog.getByRole('button', { name: `Reembolsar ${clp(placed.salesOrder.total)}` }).click();
    await dialog.getByText('Indica el motivo del reembolso (al menos 5 caracteres).').waitFor();
    await dialog.getByLabel('Motivo del reembolso').fill('El laboratorio cerró la sucursal.');
    await look(office, 'salesorder-refund');
    await dialog.getByRole('button', { name: `Reembolsar ${clp(placed.salesOrder.total)}` }).click();
    await office.getByText(`Reembolsamos ${clp(placed.salesOrder.total)} de la orden ${placed.salesOrder.number}.`).waitFor();
    await office.getByText('Reembolsada').first().waitFor();
    await office.getByRole('button', { name: 'Reembolsar', exact: true }).waitFor({ state: 'detached' });
    const refunded = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.salesOrder.id }, include: { refund: true } });
    expect(refunded).toMatchObject({ status: 'REFUNDED', refund: { reason: 'El laboratorio cerró la sucursal.', amount: placed.salesOrder.total } });
    await look(office, 'salesorder-refunded');
    await office.close();
  });
});
