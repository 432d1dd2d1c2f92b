import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { checkoutBody, payOnSimulator, sellingLaboratory, visitor } from './orders-support';

/** Refunds of paid orders (issue 13, item 7) through the payment port, on the simulator; the laboratory's mail on payment. */
describe('refunding a paid order', () => {
  let t: TestApp;
  let admin: string;
  let ownProvider: string;
  let otherProvider: string;
  let lab: Awaited<ReturnType<typeof sellingLaboratory>>;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 8 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    lab = await sellingLaboratory(t);
    ownProvider = (await createProvider(t, admin, lab.laboratory.companyId, 'caja@laboratorio.test', 'clave-de-caja-123')).token;
    const other = await t.prisma.company.create({ data: { rut: '76543210-3', legalName: 'Otro Laboratorio SpA', tradeName: 'Otro Laboratorio', status: 'APPROVED' } });
    otherProvider = (await createProvider(t, admin, other.id, 'otro@laboratorio.test', 'clave-del-otro-123')).token;
  }, 120_000);
  afterAll(() => t.close());

  /** A paid order of the laboratory, bought by a visitor with this e-mail. */
  async function paidOrder() {
    const email = `comprador${++n}@correo.test`;
    const placed = (await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[0]], { email }))).body.data;
    await payOnSimulator(t, placed.payment.token, 'approve');
    const order = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.salesOrder.id } });
    expect(order.status).toBe('PAID');
    return { ...order, token: placed.payment.token as string };
  }
  const refund = (id: number, token: string | null, body: object = { reason: 'El paciente no pudo asistir.' }) => {
    const request = t.http.post(`/api/sales-order/${id}/refund`);
    return (token ? request.set('Authorization', `Bearer ${token}`) : request).send(body).then((r) => r.body);
  };

  it('mails the laboratory’s provider users when an order of theirs is paid', async () => {
    const order = await paidOrder();
    const mail = await waitForMail(t.dataDir, 'caja@laboratorio.test', `Nueva orden pagada ${order.number}`);
    expect(mail.text).toContain(`/app/salesorders/view/${order.id}`);
    expect(mail.text).toContain(`${visitor.firstName} ${visitor.lastName}`);
  });

  it('only an administrator refunds: a provider is told so, another company’s provider gets 404, a visitor 401', async () => {
    const order = await paidOrder();
    expect(await refund(order.id, ownProvider)).toMatchObject({ code: 403, error: 'SALES_ORDER.REFUND_FORBIDDEN' });
    expect(await refund(order.id, otherProvider)).toMatchObject({ code: 404, error: 'SALES_ORDER.NOT_FOUND' });
    expect(await refund(999999, otherProvider)).toMatchObject({ code: 404, error: 'SALES_ORDER.NOT_FOUND' });
    expect(await refund(order.id, null)).toMatchObject({ code: 401 });
    expect(await refund(order.id, admin, { reason: '' })).toMatchObject({ code: 400, errors: { reason: [expect.any(String)] } });
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('PAID');
    expect(await t.prisma.salesOrderRefund.count({ where: { salesOrderId: order.id } })).toBe(0);
  });

  it('refunds through the gateway once, however often the request comes; an event, an audit row and a mail to the buyer', async () => {
    const order = await paidOrder();
    // A double click and a replay: the order is locked, the first refunds, the others answer its refund.
    const answers = await Promise.all([1, 2, 3].map(() => refund(order.id, admin)));
    for (const answer of answers) expect(answer).toMatchObject({ code: 200, data: { id: order.id, status: 'REFUNDED', refund: { amount: order.total, reason: 'El paciente no pudo asistir.' } } });
    expect(await refund(order.id, admin, { reason: 'Otro motivo, más tarde.' })).toMatchObject({ code: 200, data: { refund: { reason: 'El paciente no pudo asistir.' } } });
    expect(await t.prisma.salesOrderRefund.count({ where: { salesOrderId: order.id } })).toBe(1);
    expect((await t.prisma.simulatedPayment.findUniqueOrThrow({ where: { token: order.token } })).refundedAt).not.toBeNull();
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('REFUNDED');
    expect(await t.prisma.outboxEvent.count({ where: { type: 'SalesOrderRefunded', aggregateId: String(order.id) } })).toBe(1);
    expect(await t.prisma.auditLog.count({ where: { action: 'sales_order.refunded', entityId: String(order.id) } })).toBe(1);
    const mail = await waitForMail(t.dataDir, order.email, `Reembolsamos tu orden ${order.number}`);
    expect(mail.text).toContain('El paciente no pudo asistir.');
    // The view says so; the voucher can no longer be redeemed or refunded.
    const view = (await t.http.get(`/api/sales-order/${order.id}`).set('Authorization', `Bearer ${admin}`)).body.data;
    expect(view).toMatchObject({ status: 'REFUNDED', canRefund: false, canRedeem: false, refund: { amount: order.total } });
    expect((await t.http.post(`/api/sales-order/${order.id}/redeem`).set('Authorization', `Bearer ${ownProvider}`).send({})).body).toMatchObject({ code: 409 });
  });

  it('refuses a redeemed or unpaid order; a refund the gateway refuses changes nothing and says why; one the gateway already made is recorded', async () => {
    const redeemed = await paidOrder();
    expect((await t.http.post(`/api/sales-order/${redeemed.id}/redeem`).set('Authorization', `Bearer ${ownProvider}`).send({})).body.code).toBe(200);
    expect(await refund(redeemed.id, admin)).toMatchObject({ code: 409, message: expect.stringContaining('ya fue canjeado') });

    const pending = (await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[0]], { email: 'pendiente@correo.test' }))).body.data;
    expect(await refund(pending.salesOrder.id, admin)).toMatchObject({ code: 409, error: 'SALES_ORDER.INVALID_TRANSITION' });

    // The gateway will not refund this transaction: nothing changes, and the administrator is told why.
    const order = await paidOrder();
    await t.prisma.simulatedPayment.update({ where: { token: order.token }, data: { amount: 1 } });
    const refused = await refund(order.id, admin);
    expect(refused).toMatchObject({ code: 502, error: 'PAYMENT.REFUND_REFUSED', message: expect.stringContaining('no se puede reembolsar') });
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('PAID');
    expect(await t.prisma.salesOrderRefund.count({ where: { salesOrderId: order.id } })).toBe(0);
    expect(await t.prisma.auditLog.count({ where: { action: 'sales_order.refunded', entityId: String(order.id) } })).toBe(0);

    // The gateway's own book says the money was already given back (a refund made in its back office, or one whose
    // answer was lost): the order follows the money, and the gateway is not asked to refund twice.
    const given = await paidOrder();
    await t.prisma.simulatedPayment.update({ where: { token: given.token }, data: { refundedAt: new Date() } });
    expect(await refund(given.id, admin)).toMatchObject({ code: 200, data: { status: 'REFUNDED' } });
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: given.id } })).status).toBe('REFUNDED');
  });
});
