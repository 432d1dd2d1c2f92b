import { SalesOrder } from './sales-order';
import { orderIn } from './sales-order.fixtures';

const NOW = new Date('2026-11-27T12:00:00Z');
const DAY = 86_400_000;

describe(SalesOrder.name, () => {
  it('is paid once, with a voucher valid for the days given, and says so in one event', () => {
    const order = orderIn('PENDING_PAYMENT');
    order.pay(NOW, 30, 'AUTH-1');
    expect(order.state).toMatchObject({ status: 'PAID', paidAt: NOW, paymentRef: 'AUTH-1', validUntil: new Date(NOW.getTime() + 30 * DAY) });
    expect(order.pullEvents().map((e) => [e.type, e.payload])).toEqual([['SalesOrderPaid', { salesOrderId: 41, companyId: 1, laboratoryId: 10, total: 18_990, validUntil: '2026-12-27T12:00:00.000Z' }]]);
    expect(() => order.pay(NOW, 30, 'AUTH-2')).toThrow('Una orden pagada no puede quedar pagada.');
    expect(order.pullEvents()).toEqual([]);
  });

  it('fails a payment with the reason the buyer reads and the cause the event carries', () => {
    const order = orderIn('PENDING_PAYMENT');
    order.failPayment(NOW, 'REFUSED', 'El pago informado no coincide con tu orden.');
    expect(order.state).toMatchObject({ status: 'FAILED', closedAt: NOW, failureReason: 'El pago informado no coincide con tu orden.' });
    expect(order.pullEvents().map((e) => [e.type, (e.payload as { reason: string }).reason])).toEqual([['SalesOrderPaymentFailed', 'REFUSED']]);
  });

  it('is redeemed once, within its validity only', () => {
    const valid = orderIn('PAID', { validUntil: new Date(NOW.getTime() + DAY) });
    valid.redeem(NOW);
    expect(valid.state).toMatchObject({ status: 'REDEEMED', redeemedAt: NOW });
    expect(valid.pullEvents().map((e) => e.type)).toEqual(['SalesOrderRedeemed']);
    expect(() => valid.redeem(NOW)).toThrow('Este voucher ya fue canjeado.');
    expect(() => orderIn('PAID', { validUntil: NOW }).redeem(NOW)).toThrow('Este voucher está vencido: no se puede canjear.');
    expect(() => orderIn('PENDING_PAYMENT').redeem(NOW)).toThrow('Una orden pendiente de pago no puede quedar canjeada.');
  });

  it('is refunded only while paid and unused, and a second refund changes nothing', () => {
    expect(() => orderIn('REDEEMED').assertRefundable()).toThrow('el laboratorio tomó las muestras');
    expect(() => orderIn('EXPIRED').assertRefundable()).toThrow('Una orden vencida no se puede reembolsar');
    const paid = orderIn('PAID', { validUntil: new Date(NOW.getTime() + DAY) });
    expect(() => paid.assertRefundable()).not.toThrow();
    expect(paid.refunded(NOW, 18_990)).toBe(true);
    expect(paid.state).toMatchObject({ status: 'REFUNDED', closedAt: NOW });
    expect(paid.refunded(NOW, 18_990)).toBe(false);
    expect(paid.pullEvents().map((e) => [e.type, (e.payload as { amount: number }).amount])).toEqual([['SalesOrderRefunded', 18_990]]);
  });
});
