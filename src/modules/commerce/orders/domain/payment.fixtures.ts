import type { Transaction } from '../../../../platform/cqrs/transaction';
import { Payment, type NewPayment, type PaymentState } from './payment';
import type { PaymentRepository } from './payment.repository';
import { Refund, type NewRefund, type RefundState } from './refund';
import type { RefundRepository } from './refund.repository';

/** A payment of order 41 (`orderIn`'s) for its total, in the state given, for the specs. */
export const paymentIn = (status: PaymentState['status'], fields: Partial<PaymentState> = {}) =>
  Payment.restore({
    id: 7, salesOrderId: 41, gateway: 'simulator', token: 'tok-41', buyOrder: 'CL-0041', amount: 18_990, status,
    commitStartedAt: null, settledAt: null, responseCode: null, authorizationCode: null, cardLast4: null, detail: { url: 'https://pago.test/webpay' }, ...fields,
  });

/** Payments kept in memory, as the Prisma adapter keeps them (a saved payment is a copy, as a row is). */
export class FakePaymentRepository implements PaymentRepository {
  readonly rows = new Map<number, PaymentState>();
  private nextId = 500;

  constructor(...payments: Payment[]) {
    for (const payment of payments) this.rows.set(payment.state.id, { ...payment.state });
  }

  /** The payments of an order, oldest first. */
  of(salesOrderId: number): PaymentState[] {
    return [...this.rows.values()].filter((row) => row.salesOrderId === salesOrderId).sort((a, b) => a.id - b.id);
  }

  async lockByToken(_tx: Transaction, token: string) {
    return this.restore([...this.rows.values()].find((row) => row.token === token));
  }

  async lockLatestOfBuyOrder(_tx: Transaction, buyOrder: string) {
    return this.restore([...this.rows.values()].filter((row) => row.buyOrder === buyOrder).sort((a, b) => b.id - a.id)[0]);
  }

  async firstOf(_tx: Transaction, salesOrderId: number) {
    return this.restore(this.of(salesOrderId)[0]);
  }

  async latestOf(_tx: Transaction, salesOrderId: number) {
    return this.restore(this.of(salesOrderId).at(-1));
  }

  async authorizedOf(_tx: Transaction, salesOrderId: number) {
    return this.restore(this.of(salesOrderId).filter((row) => row.status === 'AUTHORIZED').at(-1));
  }

  async add(_tx: Transaction, { url, ...payment }: NewPayment) {
    const id = this.nextId++;
    this.rows.set(id, { ...payment, id, status: 'CREATED', commitStartedAt: null, settledAt: null, responseCode: null, authorizationCode: null, cardLast4: null, detail: { url } });
  }

  async save(_tx: Transaction, payment: Payment) {
    this.rows.set(payment.state.id, { ...payment.state });
  }

  async committingSince(before: Date, limit: number) {
    return [...this.rows.values()].filter((row) => row.status === 'COMMITTING' && row.commitStartedAt! < before).slice(0, limit).map((row) => row.token);
  }

  private restore(row: PaymentState | undefined): Payment | null {
    return row ? Payment.restore(row) : null;
  }
}

/** Refunds kept in memory, as the Prisma adapter keeps them. */
export class FakeRefundRepository implements RefundRepository {
  readonly rows = new Map<number, RefundState>();
  private nextId = 900;

  async ofOrder(_tx: Transaction | null, salesOrderId: number) {
    return this.restore([...this.rows.values()].find((row) => row.salesOrderId === salesOrderId));
  }

  async find(_tx: Transaction | null, id: number) {
    return this.restore(this.rows.get(id));
  }

  async add(_tx: Transaction, refund: NewRefund) {
    if ([...this.rows.values()].some((row) => row.salesOrderId === refund.salesOrderId)) throw new Error('unique violation: sales_order_refund.sales_order_id');
    const id = this.nextId++;
    this.rows.set(id, { ...refund, id, status: 'REQUESTED', gatewayType: null, authorizationCode: null, detail: null, createdAt: new Date() });
    return this.restore(this.rows.get(id))!;
  }

  async save(_tx: Transaction, refund: Refund) {
    if (!this.rows.has(refund.state.id)) throw new Error(`no refund ${refund.state.id}`);
    const { detail, ...state } = refund.state;
    this.rows.set(refund.state.id, { ...this.rows.get(refund.state.id)!, ...state, ...(detail !== undefined && { detail }) });
  }

  async withdraw(id: number) {
    if (this.rows.get(id)?.status === 'REQUESTED') this.rows.delete(id);
  }

  async requestedSince(before: Date, limit: number) {
    return [...this.rows.values()].filter((row) => row.status === 'REQUESTED' && row.createdAt < before).slice(0, limit).map((row) => row.id);
  }

  private restore(row: RefundState | undefined): Refund | null {
    return row ? Refund.restore(row) : null;
  }
}
