import type { Logger } from 'pino';
import type { AppConfig } from '../../../../../config/app-config';
import type { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { FakeUnitOfWork } from '../../../../../platform/cqrs/unit-of-work.fake';
import { gatewaySessionId } from '../../domain/order-codes';
import { FakePaymentRepository, paymentIn } from '../../domain/payment.fixtures';
import { FakeSalesOrderRepository, orderIn } from '../../domain/sales-order.fixtures';
import { PaymentGatewayError, type GatewayCommit } from '../../payments/payment-gateway';
import { FakePaymentGateway } from '../../payments/payment-gateway.fake';
import { ConfirmPaymentCommand, type GatewayReturn } from './confirm-payment.command';
import { ConfirmPaymentHandler } from './confirm-payment.handler';

const DAY = 86_400_000;
const SESSION = gatewaySessionId('k'.repeat(32));
const silent = { child: () => silent, warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

/** The gateway's answer for order 41's payment: authorized, for its buy order, total and session. */
const commit = (fields: Partial<GatewayCommit> = {}): GatewayCommit => ({
  authorized: true, amount: 18_990, buyOrder: 'CL-0041', sessionId: SESSION, responseCode: 0, authorizationCode: 'AUTH-1', cardLast4: '6623', raw: { vci: 'TSY' }, ...fields,
});

describe(ConfirmPaymentHandler.name, () => {
  let orders: FakeSalesOrderRepository;
  let payments: FakePaymentRepository;
  let gateway: FakePaymentGateway;
  let uow: FakeUnitOfWork;
  let sut: ConfirmPaymentHandler;

  beforeEach(() => {
    // Order 41 waits for its payment 7 (token tok-41), which the buyer has just paid or left at the gateway.
    orders = new FakeSalesOrderRepository(orderIn('PENDING_PAYMENT'));
    payments = new FakePaymentRepository(paymentIn('CREATED'));
    gateway = new FakePaymentGateway();
    uow = new FakeUnitOfWork();
    sut = new ConfirmPaymentHandler(uow as unknown as UnitOfWork, orders, payments, gateway, { orders: { validityDays: 30 } } as AppConfig, silent);
  });

  const back = (fields: GatewayReturn) => sut.execute(new ConfirmPaymentCommand(fields));
  const events = () => uow.committed.flatMap((c) => c.events.map((e) => ({ type: e.type, payload: e.payload })));
  const payment = () => payments.rows.get(7)!;
  const order = () => orders.rows.get(41)!;

  it('pays the order on the gateway’s own answer, once: the payment authorized, the voucher valid for its days, one event', async () => {
    gateway.commits.set('tok-41', commit());
    const before = Date.now();
    await expect(back({ token: 'tok-41' })).resolves.toEqual({ salesOrderId: 41, accessKey: 'k'.repeat(32), paid: true });

    expect(payment()).toMatchObject({ status: 'AUTHORIZED', authorizationCode: 'AUTH-1', cardLast4: '6623', responseCode: 0, detail: { vci: 'TSY' }, commitStartedAt: expect.any(Date), settledAt: expect.any(Date) });
    expect(order()).toMatchObject({ status: 'PAID', paymentRef: 'AUTH-1' });
    expect(order().validUntil!.getTime() - order().paidAt!.getTime()).toBe(30 * DAY);
    expect(order().paidAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(events()).toEqual([{ type: 'SalesOrderPaid', payload: { salesOrderId: 41, companyId: 1, laboratoryId: 10, total: 18_990, validUntil: order().validUntil!.toISOString() } }]);

    // A reload of the return page answers the same, and the gateway is not asked again.
    await expect(back({ token: 'tok-41' })).resolves.toMatchObject({ paid: true });
    expect(gateway.count('commit')).toBe(1);
    expect(events()).toHaveLength(1);
  });

  it('fails the order the gateway rejected, with the reason the buyer reads', async () => {
    gateway.commits.set('tok-41', commit({ authorized: false, responseCode: -1, authorizationCode: null }));
    await expect(back({ token: 'tok-41' })).resolves.toEqual({ salesOrderId: 41, accessKey: 'k'.repeat(32), paid: false });
    expect(payment()).toMatchObject({ status: 'REJECTED', responseCode: -1, authorizationCode: null });
    expect(order()).toMatchObject({ status: 'FAILED', failureReason: 'El pago fue rechazado. No se hizo ningún cargo a tu tarjeta.', closedAt: expect.any(Date), validUntil: null });
    expect(events()).toEqual([{ type: 'SalesOrderPaymentFailed', payload: { salesOrderId: 41, companyId: 1, laboratoryId: 10, reason: 'REJECTED' } }]);
  });

  it('refuses an answer for another amount, buy order or session: no voucher, whatever the gateway says', async () => {
    for (const wrong of [{ amount: 1 }, { buyOrder: 'CL-9999' }, { sessionId: 'forged' }]) {
      orders = new FakeSalesOrderRepository(orderIn('PENDING_PAYMENT'));
      payments = new FakePaymentRepository(paymentIn('CREATED'));
      uow = new FakeUnitOfWork();
      sut = new ConfirmPaymentHandler(uow as unknown as UnitOfWork, orders, payments, gateway, { orders: { validityDays: 30 } } as AppConfig, silent);
      gateway.commits.set('tok-41', commit(wrong));
      await expect(back({ token: 'tok-41' })).resolves.toMatchObject({ paid: false });
      expect(payment().status).toBe('REFUSED');
      expect(order()).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('no coincide con tu orden'), paymentRef: null });
      expect(events().map((e) => [e.type, (e.payload as { reason: string }).reason])).toEqual([['SalesOrderPaymentFailed', 'REFUSED']]);
    }
  });

  it('leaves the payment awaited when the gateway cannot be reached, and the reconciliation settles it from the gateway’s record', async () => {
    gateway.commits.set('tok-41', new PaymentGatewayError('timeout'));
    gateway.statuses.set('tok-41', new PaymentGatewayError('timeout'));
    await expect(back({ token: 'tok-41' })).resolves.toEqual({ salesOrderId: 41, accessKey: 'k'.repeat(32), paid: false, pending: true });
    expect(payment().status).toBe('COMMITTING');
    expect(order().status).toBe('PENDING_PAYMENT');
    expect(events()).toEqual([]);

    // The sweep, later: the gateway's record says the commit went through.
    gateway.statuses.set('tok-41', { committed: true, commit: commit(), refunded: false });
    await expect(back({ reconcileToken: 'tok-41' })).resolves.toMatchObject({ paid: true });
    expect(payment().status).toBe('AUTHORIZED');
    expect(order().status).toBe('PAID');
    expect(events().map((e) => e.type)).toEqual(['SalesOrderPaid']);
  });

  it('fails, charging no one, a payment the gateway holds no commit of', async () => {
    gateway.commits.set('tok-41', new PaymentGatewayError('422'));
    gateway.statuses.set('tok-41', { committed: false });
    await expect(back({ token: 'tok-41' })).resolves.toMatchObject({ paid: false });
    expect(payment()).toMatchObject({ status: 'REJECTED', detail: { uncommitted: true } });
    expect(order()).toMatchObject({ status: 'FAILED', failureReason: 'No pudimos confirmar el pago con el medio de pago. No se hizo ningún cargo.' });
  });

  it('fails the order the buyer gave up on, or whose form timed out, only with the order’s own session', async () => {
    await expect(back({ abortedToken: 'tok-41', sessionId: 'someone-else', buyOrder: 'CL-0041' })).rejects.toMatchObject({ status: 404, error: 'PAYMENT.NOT_FOUND' });
    expect(order().status).toBe('PENDING_PAYMENT');
    expect(payment().status).toBe('CREATED');

    await expect(back({ buyOrder: 'CL-0041', sessionId: SESSION })).resolves.toMatchObject({ paid: false });
    expect(payment()).toMatchObject({ status: 'REJECTED', detail: { aborted: true } });
    expect(order()).toMatchObject({ status: 'FAILED', failureReason: 'El tiempo para completar el pago se agotó. No se hizo ningún cargo.' });
    expect(gateway.calls).toEqual([]);

    // Given up again (the back button): nothing more changes.
    await expect(back({ abortedToken: 'tok-41', sessionId: SESSION })).resolves.toMatchObject({ paid: false });
    expect(events().map((e) => e.type)).toEqual(['SalesOrderPaymentFailed']);
  });

  it('answers a return for a payment we never started like a missing one, and changes nothing', async () => {
    await expect(back({ token: 'tok-forged' })).rejects.toMatchObject({ status: 404, error: 'PAYMENT.NOT_FOUND' });
    await expect(back({ buyOrder: 'CL-9999', sessionId: SESSION })).rejects.toMatchObject({ status: 404, error: 'PAYMENT.NOT_FOUND' });
    await expect(back({})).rejects.toMatchObject({ error: 'PAYMENT.NOT_FOUND' });
    expect(payment().status).toBe('CREATED');
    expect(gateway.calls).toEqual([]);
  });
});
