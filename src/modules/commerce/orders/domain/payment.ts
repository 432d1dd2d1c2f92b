import type { GatewayCommit } from '../payments/payment-gateway';
import { gatewaySessionId } from './order-codes';
import type { SalesOrderState } from './sales-order';

/**
 * CREATED (the gateway's transaction started), COMMITTING (a return claimed it and the gateway is being asked; its
 * answer not yet recorded), then AUTHORIZED, REJECTED, or REFUSED (the gateway's answer did not match the order).
 */
export type PaymentStatus = 'CREATED' | 'COMMITTING' | 'AUTHORIZED' | 'REJECTED' | 'REFUSED';

export interface PaymentState {
  id: number;
  salesOrderId: number;
  /** `webpay` or `simulator`. */
  gateway: string;
  /** The gateway's token of the transaction (Webpay's token_ws). */
  token: string;
  /** What was sent to the gateway: the order's number and its total. */
  buyOrder: string;
  amount: number;
  status: PaymentStatus;
  commitStartedAt: Date | null;
  settledAt: Date | null;
  responseCode: number | null;
  authorizationCode: string | null;
  cardLast4: string | null;
  /** `{ url }` while the buyer has not paid; the gateway's answer as it came once settled. */
  detail: unknown;
}

/** A payment as a checkout starts it (`SalesOrder.startPayment`). */
export interface NewPayment {
  salesOrderId: number;
  gateway: string;
  token: string;
  buyOrder: string;
  amount: number;
  /** Where the browser pays. */
  url: string;
}

/**
 * One transaction at the gateway for an order: settled in three steps so that no database transaction waits on the
 * gateway (claimed, asked with no transaction open, answered). Its rules: a return claims it once, and only while its
 * order waits for it; only a claimed payment takes the gateway's answer; an answer that disagrees with the payment or
 * its order is refused. The order's own transition goes with it in the same transaction (`SalesOrder.pay`, `failPayment`).
 */
export class Payment {
  private constructor(private readonly current: PaymentState) {}

  static restore(state: PaymentState): Payment {
    return new Payment({ ...state });
  }

  get state(): Readonly<PaymentState> {
    return this.current;
  }

  /** Where the browser goes to pay (what a replayed checkout answers again). */
  get url(): string {
    return String((this.current.detail as { url?: string } | null)?.url ?? '');
  }

  /**
   * A return claims the payment to ask the gateway for its answer: only a payment not yet claimed, of an order still
   * waiting for it. False when it was claimed or settled already (a reload, the back button, a forged repeat).
   */
  claim(order: Readonly<SalesOrderState>, now: Date): boolean {
    if (!this.isOpen(order, 'CREATED')) return false;
    Object.assign(this.current, { status: 'COMMITTING', commitStartedAt: now });
    return true;
  }

  /** Whether it is still open in this step: in `status`, its order still waiting for the payment. */
  isOpen(order: Readonly<SalesOrderState>, status: 'CREATED' | 'COMMITTING'): boolean {
    return this.current.status === status && order.status === 'PENDING_PAYMENT';
  }

  /** Where the gateway's answer disagrees with this payment or its order (buy order, amount, total, session); empty when it agrees. */
  mismatches(answer: GatewayCommit, order: Readonly<SalesOrderState>): string[] {
    return [
      answer.buyOrder !== this.current.buyOrder && 'buyOrder',
      answer.amount !== this.current.amount && 'amount',
      this.current.amount !== order.total && 'orderTotal',
      answer.sessionId !== gatewaySessionId(order.accessKey) && 'sessionId',
    ].filter((field): field is string => field !== false);
  }

  /** The gateway authorized it (an answer that agrees with the order). */
  authorize(now: Date, answer: GatewayCommit): void {
    Object.assign(this.current, {
      status: 'AUTHORIZED', settledAt: now, responseCode: answer.responseCode, authorizationCode: answer.authorizationCode, cardLast4: answer.cardLast4, detail: answer.raw,
    });
  }

  /** Rejected by the gateway or given up by the buyer (REJECTED), or refused for an answer that does not match (REFUSED). */
  fail(now: Date, status: 'REJECTED' | 'REFUSED', raw: unknown, responseCode: number | null): void {
    Object.assign(this.current, { status, settledAt: now, responseCode, detail: raw ?? {} });
  }
}
