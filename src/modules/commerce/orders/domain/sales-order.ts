import { SALES_ORDER_STATUS_LABELS as STATUS_LABELS, type SalesOrderStatus } from '../../../../contracts/sales-orders';
import type { DomainEvent } from '../../../../platform/messaging/domain-event';
import { SalesOrderTransitionError } from '../orders.errors';
import { SalesOrderPaid, SalesOrderPaymentFailed, SalesOrderRedeemed, SalesOrderRefunded } from '../orders.events';
import { assertMove } from './sales-order-status';

const DAY_MS = 86_400_000;

/** What the aggregate knows of a sales order: its state and what each transition sets. */
export interface SalesOrderState {
  id: number;
  /** The voucher's number, and the key its buyer reaches it with (the gateway's session id is derived from it). */
  number: string;
  accessKey: string;
  status: SalesOrderStatus;
  total: number;
  companyId: number;
  laboratoryId: number;
  validUntil: Date | null;
  paidAt: Date | null;
  paymentRef: string | null;
  redeemedAt: Date | null;
  closedAt: Date | null;
  failureReason: string | null;
}

/**
 * A sales order after checkout: a voucher-to-be that is paid, then redeemed at the laboratory, refunded, or left to
 * expire; or whose payment fails. The transitions and their rules live here (`sales-order-status.ts` says which
 * states follow which); each records its event, taken by the handler with `pullEvents` into the same transaction.
 * Placing an order (prices locked from the catalogue) and the sweeps' set-based closing of many orders stay in their
 * handler and job.
 */
export class SalesOrder {
  private readonly events: DomainEvent[] = [];

  private constructor(private readonly current: SalesOrderState) {}

  static restore(state: SalesOrderState): SalesOrder {
    return new SalesOrder({ ...state });
  }

  get state(): Readonly<SalesOrderState> {
    return this.current;
  }

  /** Whether its voucher can be used now: paid and within its validity. */
  isRedeemable(now: Date): boolean {
    return this.current.status === 'PAID' && this.current.validUntil !== null && this.current.validUntil > now;
  }

  /** The gateway confirmed the payment: the voucher is valid for `validityDays`. */
  pay(now: Date, validityDays: number, paymentRef: string | null): void {
    this.move('PAID');
    Object.assign(this.current, { paidAt: now, paymentRef, validUntil: new Date(now.getTime() + validityDays * DAY_MS) });
    this.events.push(SalesOrderPaid({ ...this.ref(), total: this.current.total, validUntil: this.current.validUntil!.toISOString() }));
  }

  /** The payment was rejected, refused (an answer that does not match the order) or abandoned; `reason` is for the buyer. */
  failPayment(now: Date, cause: 'REJECTED' | 'REFUSED', reason: string): void {
    this.move('FAILED');
    Object.assign(this.current, { failureReason: reason, closedAt: now });
    this.events.push(SalesOrderPaymentFailed({ ...this.ref(), reason: cause }));
  }

  /** The laboratory took the samples: once, and only within the voucher's validity. */
  redeem(now: Date): void {
    if (this.current.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado.');
    if (this.current.status === 'PAID' && !this.isRedeemable(now)) throw new SalesOrderTransitionError('Este voucher está vencido: no se puede canjear.');
    this.move('REDEEMED');
    this.current.redeemedAt = now;
    this.events.push(SalesOrderRedeemed(this.ref()));
  }

  /** Whether a refund may be asked for: a paid voucher not yet used (its samples not taken). */
  assertRefundable(): void {
    if (this.current.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado: el laboratorio tomó las muestras y no se puede reembolsar.');
    if (this.current.status !== 'PAID') throw new SalesOrderTransitionError(`Una orden ${STATUS_LABELS[this.current.status].toLowerCase()} no se puede reembolsar: solo una orden pagada y sin canjear.`);
  }

  /** The gateway returned the money; an order no longer paid (refunded meanwhile) is left as it is. */
  refunded(now: Date, amount: number): boolean {
    if (this.current.status !== 'PAID') return false;
    this.move('REFUNDED');
    this.current.closedAt = now;
    this.events.push(SalesOrderRefunded({ ...this.ref(), amount }));
    return true;
  }

  /** The events of the transitions made since the last call (for the unit of work's outbox). */
  pullEvents(): DomainEvent[] {
    return this.events.splice(0);
  }

  private move(to: SalesOrderStatus): void {
    assertMove(this.current.status, to);
    this.current.status = to;
  }

  private ref() {
    return { salesOrderId: this.current.id, companyId: this.current.companyId, laboratoryId: this.current.laboratoryId };
  }
}
