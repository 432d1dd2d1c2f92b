import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { OrderExpiryJob } from '../../src/modules/commerce/orders';
import { checkoutBody, isPdfWith, payOnSimulator, sellingLaboratory } from './orders-support';

describe('checkout, payment and sales orders', () => {
  let t: TestApp;
  let admin: string;
  let lab: Awaited<ReturnType<typeof sellingLaboratory>>;
  let other: Awaited<ReturnType<typeof sellingLaboratory>>;
  let otherCompanyId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 8 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    lab = await sellingLaboratory(t);
    other = await sellingLaboratory(t, 1);
    // Another approved laboratory company, whose provider must not see this one's orders.
    otherCompanyId = (await t.prisma.company.create({ data: { rut: '76543210-3', legalName: 'Otro Laboratorio SpA', tradeName: 'Otro Laboratorio', status: 'APPROVED' } })).id;
  }, 120_000);
  afterAll(() => t.close());

  const orders = () => t.prisma.salesOrder.count();
  const checkout = (body: object) => t.http.post('/api/checkout').send(body).then((r) => r.body);

  it('lists the shipping methods with the home fee by comuna, and the payment method in demo mode', async () => {
    // The branch's own home collection (its comuna at $4.990), as the back office states it.
    const stated = await t.http.post(`/api/priv/laboratory/${lab.laboratory.id}`).set('Authorization', `Bearer ${admin}`)
      .send({ homeCollection: { fee: 4990, comunas: [{ id: lab.laboratory.comunaId }] } });
    expect(stated.body).toMatchObject({ code: 200 });
    const methods = await t.http.get(`/api/shipping-methods?laboratoryId=${lab.laboratory.id}&comunaId=${lab.laboratory.comunaId}`);
    expect(methods.body.data).toEqual([
      expect.objectContaining({ code: 'BRANCH', name: 'Atención en sucursal', fee: 0, available: true }),
      expect.objectContaining({ code: 'HOME', name: 'Toma de muestra a domicilio', fee: 4990, available: true }),
    ]);
    const far = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', id: { not: lab.laboratory.comunaId }, nearOf: { none: { locationId: lab.laboratory.comunaId } } } });
    expect((await t.http.get(`/api/shipping-methods?laboratoryId=${lab.laboratory.id}&comunaId=${far.id}`)).body.data[1]).toMatchObject({ fee: null, available: false });
    expect((await t.http.get('/api/shipping-methods?laboratoryId=abc')).body).toMatchObject({ code: 400, errors: { laboratoryId: [expect.any(String)] } });
    expect((await t.http.get('/api/payment-methods')).body.data).toEqual([expect.objectContaining({ code: 'simulator', demo: true })]);

    // Home collection adds its fee to what is charged; it needs the comuna and the address, and a comuna the laboratory serves.
    const home = { shippingMethod: 'HOME', comunaId: lab.laboratory.comunaId, address: 'Av. Siempre Viva 742' };
    const placed = await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]], home));
    expect(placed).toMatchObject({ code: 200, data: { salesOrder: { total: lab.offers[0].price + 4990 } } });
    expect(await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]], { ...home, address: '' }))).toMatchObject({ code: 400, errors: { address: [expect.any(String)] } });
    expect(await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]], { ...home, comunaId: far.id }))).toMatchObject({ code: 400, errors: { comunaId: ['Este laboratorio no hace toma de muestra a domicilio en esa comuna.'] } });
  });

  it('re-reads every price: a tampered price, quantity or laboratory is refused and writes nothing', async () => {
    const before = await orders();
    const [a, b] = lab.offers;
    const cheaper = checkoutBody(lab.laboratory.id, [a, { ...b, price: b.price - 1000 }]);
    expect(await checkout(cheaper)).toMatchObject({ code: 409, error: 'CHECKOUT.PRICE_CHANGED', errors: { 'items.1.price': [expect.stringContaining('El precio ahora es')] } });
    for (const quantity of [0, 11, 1.5, -1]) {
      const body = checkoutBody(lab.laboratory.id, [a]);
      body.items[0].quantity = quantity;
      expect(await checkout(body)).toMatchObject({ code: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { 'items.0.quantity': [expect.any(String)] } });
    }
    const mixed = checkoutBody(lab.laboratory.id, [a, other.offers[0]]);
    expect(await checkout(mixed)).toMatchObject({ code: 400, error: 'CHECKOUT.ONE_LABORATORY', errors: { 'items.1.id': ['Este examen es de otro laboratorio.'] } });
    const claimedOther = checkoutBody(other.laboratory.id, [a]);
    expect(await checkout(claimedOther)).toMatchObject({ code: 400, error: 'CHECKOUT.ONE_LABORATORY' });
    expect(await checkout({ ...checkoutBody(lab.laboratory.id, [a]), rut: '11.111.111-2' })).toMatchObject({ code: 400, errors: { rut: [expect.any(String)] } });
    expect(await checkout({ ...checkoutBody(lab.laboratory.id, [a]), items: [] })).toMatchObject({ code: 400, errors: { items: [expect.any(String)] } });
    expect(await orders()).toBe(before);
  });

  it('locks the prices it read in the order: a later price change does not touch it', async () => {
    const [a, b] = lab.offers;
    const body = checkoutBody(lab.laboratory.id, [a, b]);
    body.items[1].quantity = 2;
    const placed = await checkout(body);
    expect(placed).toMatchObject({ code: 200, data: { salesOrder: { status: 'PENDING_PAYMENT', total: a.price + 2 * b.price }, payment: { gateway: 'simulator', method: 'POST', field: 'token_ws' } } });
    await t.prisma.laboratoryExam.update({ where: { id: a.id }, data: { price: a.price + 5000 } });
    const lines = await t.prisma.salesOrderLine.findMany({ where: { salesOrderId: placed.data.salesOrder.id }, orderBy: { id: 'asc' } });
    expect(lines.map((l) => [l.laboratoryExamId, l.unitPrice, l.quantity, l.total])).toEqual([[a.id, a.price, 1, a.price], [b.id, b.price, 2, 2 * b.price]]);
    // The cart that still shows the old price is told, not charged a price it did not show.
    expect(await checkout(checkoutBody(lab.laboratory.id, [a]))).toMatchObject({ code: 409, error: 'CHECKOUT.PRICE_CHANGED' });
    await t.prisma.laboratoryExam.update({ where: { id: a.id }, data: { price: a.price } });
  });

  it('makes one order per idempotency key, even when the same checkout arrives five times at once', async () => {
    const before = await orders();
    const body = checkoutBody(lab.laboratory.id, [lab.offers[0]]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(body)));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.salesOrder.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.data.payment.token)).size).toBe(1);
    expect(await orders()).toBe(before + 1);
    expect(await checkout({ ...body, items: [{ ...body.items[0], quantity: 2 }] })).toMatchObject({ code: 409, error: 'CHECKOUT.IDEMPOTENCY_KEY_REUSED' });
    expect(await orders()).toBe(before + 1);
  });

  it('pays on the simulator, lands on the voucher, mails it, and a replayed or forged return changes nothing', async () => {
    const placed = (await checkout({ ...checkoutBody(lab.laboratory.id, lab.offers.slice(0, 2)), email: 'paga@correo.test' })).data;
    const back = await payOnSimulator(t, placed.payment.token, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/voucher/${placed.salesOrder.id}?k=${placed.salesOrder.accessKey}`);
    const paid = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.salesOrder.id }, include: { payments: true } });
    expect(paid.status).toBe('PAID');
    expect(paid.payments[0]).toMatchObject({ status: 'AUTHORIZED', amount: paid.total });
    expect(Math.round((paid.validUntil!.getTime() - paid.paidAt!.getTime()) / 86_400_000)).toBe(30);
    const mail = await waitForMail(t.dataDir, 'paga@correo.test', `Tu voucher ${paid.number}`);
    expect(mail.text).toContain(`/voucher/${paid.id}?k=${paid.accessKey}`);
    // The whole visit's preparation, from the exams bought (issue 30): the same in the mail and on the voucher.
    const voucher = (await t.http.get(`/api/sales-order/${paid.id}?k=${paid.accessKey}`)).body.data;
    expect(voucher.preparation.steps.length).toBeGreaterThan(0);
    for (const step of voucher.preparation.steps) expect(mail.text).toContain(`- ${step}`);

    // The same return again (a reload): same page, nothing written.
    const replay = await t.http.get(`/api/payments/return?token_ws=${placed.payment.token}`);
    expect(replay.headers.location).toBe(back.headers.location);
    const after = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: paid.id }, include: { payments: true } });
    expect(after.updatedAt).toEqual(paid.updatedAt);
    expect(after.payments[0].settledAt).toEqual(paid.payments[0].settledAt);

    // A forged token, or a forged "buyer gave up" for this order without its session: refused, nothing changes.
    expect((await t.http.post('/api/payments/return').type('form').send({ token_ws: 'f'.repeat(64) })).body).toMatchObject({ code: 404, error: 'PAYMENT.NOT_FOUND' });
    const pending = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]]))).data;
    const forgedAbort = await t.http.post('/api/payments/return').type('form').send({ TBK_TOKEN: pending.payment.token, TBK_ORDEN_COMPRA: pending.salesOrder.number, TBK_ID_SESION: 'x'.repeat(40) });
    expect(forgedAbort.body).toMatchObject({ code: 404, error: 'PAYMENT.NOT_FOUND' });
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: pending.salesOrder.id } })).status).toBe('PENDING_PAYMENT');
    expect((await t.http.get('/api/payments/return')).body).toMatchObject({ code: 404 });

    // The voucher's PDF, for whoever holds the link.
    const pdf = await t.http.get(`/api/sales-order/${paid.id}/voucher.pdf?k=${paid.accessKey}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(isPdfWith(pdf.body as Buffer, paid.number)).toBe(true);
  });

  it('a rejected payment fails the order with the reason, and keeps no voucher', async () => {
    const placed = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]]))).data;
    const back = await payOnSimulator(t, placed.payment.token, 'reject');
    expect(back.headers.location).toBe(`/transaction/failed/${placed.salesOrder.id}?k=${placed.salesOrder.accessKey}`);
    const failed = (await t.http.get(`/api/sales-order/${placed.salesOrder.id}?k=${placed.salesOrder.accessKey}`)).body.data;
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'El pago fue rechazado. No se hizo ningún cargo a tu tarjeta.' });
    expect((await t.http.get(`/api/sales-order/${placed.salesOrder.id}/voucher.pdf?k=${placed.salesOrder.accessKey}`)).body).toMatchObject({ code: 409 });

    const aborted = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]]))).data;
    expect((await payOnSimulator(t, aborted.payment.token, 'abort')).headers.location).toBe(`/transaction/failed/${aborted.salesOrder.id}?k=${aborted.salesOrder.accessKey}`);
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: aborted.salesOrder.id } })).failureReason).toContain('Cancelaste el pago');
  });

  it('refuses and logs a gateway answer whose amount is not the order’s: no voucher', async () => {
    const placed = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]]))).data;
    // The gateway's book says another amount (as a tampered or mistaken transaction would).
    await t.prisma.simulatedPayment.update({ where: { token: placed.payment.token }, data: { amount: 10 } });
    const back = await payOnSimulator(t, placed.payment.token, 'approve');
    expect(back.headers.location).toMatch(/^\/transaction\/failed\//);
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.salesOrder.id }, include: { payments: true } });
    expect(order).toMatchObject({ status: 'FAILED', paidAt: null, validUntil: null });
    expect(order.payments[0].status).toBe('REFUSED');
    expect(await t.prisma.outboxEvent.count({ where: { type: 'SalesOrderPaid', aggregateId: String(order.id) } })).toBe(0);
  });

  it('expires an unused voucher after its validity and cancels a payment never completed, with their events', async () => {
    const paid = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[0]]))).data;
    await payOnSimulator(t, paid.payment.token, 'approve');
    const abandoned = (await checkout(checkoutBody(lab.laboratory.id, [lab.offers[1]]))).data;
    const job = t.app.get(OrderExpiryJob);
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: paid.salesOrder.id } });

    // A day before the end of its validity nothing happens to it.
    await job.sweep(new Date(order.validUntil!.getTime() - 86_400_000));
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: paid.salesOrder.id } })).status).toBe('PAID');

    const swept = await job.sweep(new Date(order.validUntil!.getTime() + 1000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: paid.salesOrder.id } })).status).toBe('EXPIRED');
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: abandoned.salesOrder.id } })).status).toBe('CANCELLED');
    expect(await t.prisma.outboxEvent.count({ where: { type: 'SalesOrderExpired', aggregateId: String(paid.salesOrder.id) } })).toBe(1);
    expect(await t.prisma.outboxEvent.count({ where: { type: 'SalesOrderCancelled', aggregateId: String(abandoned.salesOrder.id) } })).toBe(1);
    // An expired voucher cannot be redeemed.
    expect((await t.http.post(`/api/sales-order/${paid.salesOrder.id}/redeem`).set('Authorization', `Bearer ${admin}`)).body).toMatchObject({ code: 409, error: 'SALES_ORDER.INVALID_TRANSITION' });
  });

  it('shows an order only to its buyer, its link, its laboratory’s provider and administrators; others get 404', async () => {
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Ana', lastName: 'Compradora', email: 'ana@correo.test', password: 'clave-de-ana-123' });
    await t.http.post('/api/auth/sign-up').send({ firstName: 'Beto', lastName: 'Otro', email: 'beto@correo.test', password: 'clave-de-beto-123' });
    const ana = (await signIn(t, 'ana@correo.test', 'clave-de-ana-123')).token;
    const beto = (await signIn(t, 'beto@correo.test', 'clave-de-beto-123')).token;
    const providerA = (await createProvider(t, admin, lab.laboratory.companyId, 'prv@lab-a.test', 'clave-prv-a-123')).token;
    const providerB = (await createProvider(t, admin, otherCompanyId, 'prv@lab-b.test', 'clave-prv-b-123')).token;

    const { firstName: _f, lastName: _l, email: _e, ...body } = checkoutBody(lab.laboratory.id, [lab.offers[0]]);
    expect((await t.http.post('/api/checkout-auth').send(body)).body).toMatchObject({ code: 401 });
    const placed = (await t.http.post('/api/checkout-auth').set('Authorization', `Bearer ${ana}`).send({ ...body, rut: undefined })).body.data;
    await payOnSimulator(t, placed.payment.token, 'approve');
    const id = placed.salesOrder.id;
    const get = (token?: string, key?: string) => {
      const call = t.http.get(`/api/sales-order/${id}${key ? `?k=${key}` : ''}`);
      return (token ? call.set('Authorization', `Bearer ${token}`) : call).then((r) => r.body);
    };
    expect(await get(ana)).toMatchObject({ code: 200, data: { id, status: 'PAID', customerName: 'Ana Compradora', email: 'ana@correo.test', accessKey: placed.salesOrder.accessKey, canRedeem: false } });
    expect(await get(undefined, placed.salesOrder.accessKey)).toMatchObject({ code: 200, data: { id } });
    expect(await get(providerA)).toMatchObject({ code: 200, data: { id, canRedeem: true } });
    expect((await get(providerA)).data.accessKey).toBeUndefined();
    expect(await get(admin)).toMatchObject({ code: 200, data: { id } });
    const missing = await t.http.get('/api/sales-order/2147483000').then((r) => r.body);
    for (const answer of [await get(), await get(beto), await get(providerB), await get(undefined, 'x'.repeat(43))]) {
      expect(answer).toEqual(missing);
      expect(answer).toMatchObject({ code: 404, error: 'SALES_ORDER.NOT_FOUND' });
    }
    expect((await t.http.get(`/api/sales-order/${id}/voucher.pdf`).set('Authorization', `Bearer ${providerB}`)).body).toMatchObject({ code: 404 });

    const search = (token: string, filter: object = {}) => t.http.post('/api/sales-order/search').set('Authorization', `Bearer ${token}`).send(filter).then((r) => r.body.data);
    expect((await search(ana)).items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await search(beto)).total).toBe(0);
    expect((await search(providerA, { term: placed.salesOrder.number })).items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await search(providerB, { term: placed.salesOrder.number })).total).toBe(0);
    expect((await search(admin, { status: 'PAID', term: placed.salesOrder.number })).total).toBe(1);

    const redeem = (token: string) => t.http.post(`/api/sales-order/${id}/redeem`).set('Authorization', `Bearer ${token}`).send({}).then((r) => r.body);
    expect(await redeem(ana)).toMatchObject({ code: 403 });
    expect(await redeem(providerB)).toMatchObject({ code: 404, error: 'SALES_ORDER.NOT_FOUND' });
    expect(await redeem(providerA)).toMatchObject({ code: 200, data: { id, status: 'REDEEMED' } });
    expect(await redeem(providerA)).toMatchObject({ code: 409, error: 'SALES_ORDER.INVALID_TRANSITION', message: 'Este voucher ya fue canjeado.' });
    expect(await t.prisma.auditLog.count({ where: { action: 'sales_order.redeemed', entityId: String(id) } })).toBe(1);
  });

  it('sells a package of the laboratory at the product catalogue’s price, with its exams and preparation locked in the line', async () => {
    const exams = lab.offers.slice(0, 2).map((o) => o.exam);
    const product = await t.prisma.product.create({
      data: {
        code: 'CHEQUEO-PRUEBA', name: 'Chequeo de prueba', companyId: lab.laboratory.companyId, laboratoryId: lab.laboratory.id, price: 19990, netPrice: 19990,
        exams: { create: exams.map((e) => ({ examId: e.id })) },
      },
    });
    const foreign = await t.prisma.product.create({ data: { code: 'OTRO-PRUEBA', name: 'Paquete de otro laboratorio', companyId: other.laboratory.companyId, laboratoryId: other.laboratory.id, price: 9990, netPrice: 9990 } });
    const body = checkoutBody(lab.laboratory.id, [lab.offers[0]]);
    body.items.push({ id: product.id, kind: 'PRODUCT', quantity: 1, price: 19990 });
    const placed = await checkout(body);
    expect(placed).toMatchObject({ code: 200, data: { salesOrder: { total: lab.offers[0].price + 19990 } } });
    const line = await t.prisma.salesOrderLine.findFirstOrThrow({ where: { salesOrderId: placed.data.salesOrder.id, kind: 'PRODUCT' } });
    expect(line).toMatchObject({ productId: product.id, name: 'Chequeo de prueba', unitPrice: 19990, description: exams.map((e) => e.name).join(', ') });

    const tampered = checkoutBody(lab.laboratory.id, []);
    tampered.items = [{ id: product.id, kind: 'PRODUCT', quantity: 1, price: 990 }];
    expect(await checkout(tampered)).toMatchObject({ code: 409, error: 'CHECKOUT.PRICE_CHANGED', errors: { 'items.0.price': ['El precio ahora es $19.990.'] } });
    tampered.items = [{ id: foreign.id, kind: 'PRODUCT', quantity: 1, price: 9990 }];
    if (other.laboratory.id !== lab.laboratory.id) expect(await checkout(tampered)).toMatchObject({ code: 400, error: 'CHECKOUT.ONE_LABORATORY' });
    await t.prisma.product.update({ where: { id: product.id }, data: { isActive: false } });
    tampered.items = [{ id: product.id, kind: 'PRODUCT', quantity: 1, price: 19990 }];
    expect(await checkout(tampered)).toMatchObject({ code: 409, error: 'CHECKOUT.ITEM_UNAVAILABLE' });
  });

  it('starts no order when the chosen payment method is not the one running', async () => {
    const before = await orders();
    expect(await checkout({ ...checkoutBody(lab.laboratory.id, [lab.offers[0]]), paymentMethod: 'webpay' })).toMatchObject({ code: 400, error: 'PAYMENT.METHOD_UNAVAILABLE' });
    expect(await checkout({ ...checkoutBody(lab.laboratory.id, [lab.offers[0]]), idempotencyKey: 'short' })).toMatchObject({ code: 400, errors: { idempotencyKey: [expect.any(String)] } });
    expect(await orders()).toBe(before);
  });
});
