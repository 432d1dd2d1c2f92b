import type { Logger } from 'pino';
import type { Actor } from '../../../../../platform/auth/actor';
import type { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { FakeUnitOfWork } from '../../../../../platform/cqrs/unit-of-work.fake';
import { FakePaymentRepository, FakeRefundRepository, paymentIn } from '../../domain/payment.fixtures';
import { FakeSalesOrderRepository, orderIn } from '../../domain/sales-order.fixtures';
import { PaymentGatewayError } from '../../payments/payment-gateway';
import { FakePaymentGateway } from '../../payments/payment-gateway.fake';
import { RefundSalesOrderCommand } from './refund-sales-order.command';
import { RefundSalesOrderHandler } from './refund-sales-order.handler';

const DAY = 86_400_000;
const silent = { child: () => silent, warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;
const as = (profile: Actor['profile'], companyId: number | null) => ({ actor: { userId: 3, personId: 3, sessionId: 's', email: 'x@example.cl', profile, companyId } as Actor, ip: '127.0.0.1' });
const admin = as('ADM', null);
const REASON = 'El paciente no pudo asistir.';

describe(RefundSalesOrderHandler.name, () => {
  let orders: FakeSalesOrderRepository;
  let payments: FakePaymentRepository;
  let refunds: FakeRefundRepository;
  let gateway: FakePaymentGateway;
  let uow: FakeUnitOfWork;
  let sut: RefundSalesOrderHandler;

  beforeEach(() => {
    // Order 41 (laboratory 10, company 1) paid by payment 7 and valid for a week; order 42 redeemed; order 43 paid with no authorized payment.
    orders = new FakeSalesOrderRepository(
      orderIn('PAID', { validUntil: new Date(Date.now() + 7 * DAY), paymentRef: 'AUTH-1' }),
      orderIn('REDEEMED', { id: 42 }),
      orderIn('PAID', { id: 43, validUntil: new Date(Date.now() + DAY) }),
    );
    payments = new FakePaymentRepository(paymentIn('AUTHORIZED'), paymentIn('REJECTED', { id: 8, salesOrderId: 43, token: 'tok-43' }));
    refunds = new FakeRefundRepository();
    gateway = new FakePaymentGateway();
    gateway.refunds.set('tok-41', { type: 'REVERSED', authorizationCode: 'R-1', raw: { type: 'REVERSED' } });
    uow = new FakeUnitOfWork();
    sut = new RefundSalesOrderHandler(uow as unknown as UnitOfWork, orders, payments, refunds, gateway, silent);
  });

  const refund = (id = 41, ctx = admin) => sut.execute(new RefundSalesOrderCommand(ctx, id, REASON));
  const events = () => uow.committed.flatMap((c) => c.events.map((e) => ({ type: e.type, payload: e.payload })));
  const audits = () => uow.committed.flatMap((c) => c.audits.map((a) => [a.action, a.details]));

  it('gives the whole payment back through the gateway, once: the order refunded, its event, the administrator’s audit rows', async () => {
    const done = await refund();
    expect(done).toEqual({ id: 41, status: 'REFUNDED', refund: { amount: 18_990, reason: REASON, createdAt: expect.any(String), gatewayType: 'REVERSED' } });
    expect(gateway.calls).toEqual([{ method: 'refund', args: ['tok-41', 18_990] }]);
    expect(orders.rows.get(41)).toMatchObject({ status: 'REFUNDED', closedAt: expect.any(Date) });
    expect([...refunds.rows.values()]).toMatchObject([{ salesOrderId: 41, paymentId: 7, amount: 18_990, requestedBy: 3, status: 'DONE', gatewayType: 'REVERSED', authorizationCode: 'R-1' }]);
    expect(events()).toEqual([{ type: 'SalesOrderRefunded', payload: { salesOrderId: 41, companyId: 1, laboratoryId: 10, amount: 18_990 } }]);
    expect(audits()).toEqual([
      ['sales_order.refund_requested', { amount: 18_990, reason: REASON, gateway: 'simulator' }],
      ['sales_order.refunded', { amount: 18_990, reason: REASON, gateway: 'simulator' }],
    ]);

    // A second click answers the refund made, without asking the gateway again.
    await expect(refund()).resolves.toEqual(done);
    expect(gateway.count('refund')).toBe(1);
    expect(events()).toHaveLength(1);
  });

  it('lets only an administrator refund: the laboratory’s provider is refused, another company’s answers like a missing order', async () => {
    await expect(refund(41, as('PRV', 1))).rejects.toMatchObject({ status: 403, error: 'SALES_ORDER.REFUND_FORBIDDEN' });
    await expect(refund(41, as('PRV', 2))).rejects.toMatchObject({ status: 404, error: 'SALES_ORDER.NOT_FOUND' });
    await expect(refund(999)).rejects.toMatchObject({ status: 404, error: 'SALES_ORDER.NOT_FOUND' });
    expect(orders.rows.get(41)?.status).toBe('PAID');
    expect(refunds.rows.size).toBe(0);
    expect(gateway.calls).toEqual([]);
  });

  it('refuses a used voucher, and an order with no approved payment, asking the gateway nothing', async () => {
    await expect(refund(42)).rejects.toMatchObject({ status: 409, error: 'SALES_ORDER.INVALID_TRANSITION', message: 'Este voucher ya fue canjeado: el laboratorio tomó las muestras y no se puede reembolsar.' });
    await expect(refund(43)).rejects.toMatchObject({ status: 409, error: 'SALES_ORDER.INVALID_TRANSITION', message: 'Esta orden no tiene un pago aprobado que reembolsar.' });
    expect(refunds.rows.size).toBe(0);
    expect(gateway.calls).toEqual([]);
    expect(audits()).toEqual([]);
  });

  it('leaves the order paid when the gateway refuses, and a new request may be made', async () => {
    gateway.refunds.set('tok-41', new PaymentGatewayError('422 not refundable'));
    gateway.statuses.set('tok-41', { committed: true, commit: { authorized: true, amount: 18_990, buyOrder: 'CL-0041', sessionId: 's', responseCode: 0, authorizationCode: 'AUTH-1', cardLast4: null, raw: {} }, refunded: false });
    await expect(refund()).rejects.toMatchObject({
      status: 502, error: 'PAYMENT.REFUND_REFUSED',
      message: 'El medio de pago no hizo el reembolso: el medio de pago dice que esta transacción no se puede reembolsar. La orden sigue pagada; no se devolvió dinero.',
    });
    expect(orders.rows.get(41)?.status).toBe('PAID');
    expect(refunds.rows.size).toBe(0);
    expect(events()).toEqual([]);

    gateway.refunds.set('tok-41', { type: 'NULLIFIED', authorizationCode: null, raw: null });
    await expect(refund()).resolves.toMatchObject({ status: 'REFUNDED', refund: { gatewayType: 'NULLIFIED' } });
  });

  it('keeps a request whose answer was lost for the sweep, which records it from the gateway’s record', async () => {
    gateway.refunds.set('tok-41', new PaymentGatewayError('socket hang up'));
    gateway.statuses.set('tok-41', new PaymentGatewayError('socket hang up'));
    await expect(refund()).rejects.toMatchObject({ status: 503, error: 'PAYMENT.REFUND_PENDING' });
    const [requested] = refunds.rows.values();
    expect(requested).toMatchObject({ status: 'REQUESTED', amount: 18_990 });
    expect(orders.rows.get(41)?.status).toBe('PAID');

    // Later, the gateway's record says the money went back: the sweep records it (no administrator: no second audit row).
    gateway.statuses.set('tok-41', { committed: true, commit: { authorized: true, amount: 18_990, buyOrder: 'CL-0041', sessionId: 's', responseCode: 0, authorizationCode: 'AUTH-1', cardLast4: null, raw: {} }, refunded: true });
    await sut.reconcile(requested.id);
    expect(refunds.rows.get(requested.id)).toMatchObject({ status: 'DONE', gatewayType: 'NULLIFIED' });
    expect(orders.rows.get(41)?.status).toBe('REFUNDED');
    expect(events().map((e) => e.type)).toEqual(['SalesOrderRefunded']);
    expect(audits().map(([action]) => action)).toEqual(['sales_order.refund_requested']);

    // Settled: a second sweep asks nothing.
    const asked = gateway.calls.length;
    await sut.reconcile(requested.id);
    expect(gateway.calls).toHaveLength(asked);
  });
});
