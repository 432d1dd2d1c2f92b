import type { GatewayRefund } from '../payments/payment-gateway';

export interface RefundState {
  id: number;
  /** One refund per order, of its whole authorized payment. */
  salesOrderId: number;
  paymentId: number;
  /** The gateway's token of the transaction given back. */
  token: string;
  amount: number;
  reason: string;
  requestedBy: number | null;
  /** REQUESTED (recorded before the gateway is asked) or DONE (the gateway gave the money back). */
  status: 'REQUESTED' | 'DONE';
  /** The gateway's REVERSED or NULLIFIED. */
  gatewayType: string | null;
  authorizationCode: string | null;
  /** The gateway's answer as it came; undefined leaves what was kept. */
  detail?: unknown;
  createdAt: Date;
}

/** A refund as an administrator asks for it (`SalesOrder.requestRefund`). */
export type NewRefund = Pick<RefundState, 'salesOrderId' | 'paymentId' | 'token' | 'amount' | 'reason' | 'requestedBy'>;

/**
 * Giving back an order's payment: REQUESTED before the gateway is asked (so a double click, or the reconciliation
 * sweep after a crash, finds it), DONE once the gateway gave the money back. A request the gateway refused is removed:
 * the order is still paid and may be refunded again.
 */
export class Refund {
  private constructor(private readonly current: RefundState) {}

  static restore(state: RefundState): Refund {
    return new Refund({ ...state });
  }

  get state(): Readonly<RefundState> {
    return this.current;
  }

  get isDone(): boolean {
    return this.current.status === 'DONE';
  }

  /** The gateway gave the money back. */
  done(answer: GatewayRefund): void {
    Object.assign(this.current, { status: 'DONE', gatewayType: answer.type.slice(0, 20), authorizationCode: answer.authorizationCode, detail: answer.raw ?? undefined });
  }
}
