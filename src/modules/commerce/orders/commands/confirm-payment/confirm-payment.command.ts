import { Command } from '@nestjs/cqrs';

/**
 * The browser came back from the gateway. Webpay names the transaction by `token_ws` when the buyer
 * paid or was rejected; by `TBK_TOKEN` (with the buy order and session) when the buyer gave up; and
 * by the buy order and session alone when the payment form timed out.
 */
export interface GatewayReturn {
  token?: string;
  /** Not the browser: the reconciliation sweep, for a payment whose gateway answer was never recorded. */
  reconcileToken?: string;
  abortedToken?: string;
  buyOrder?: string;
  sessionId?: string;
}

/** Where the browser goes next: the voucher, or the failed-transaction page; both with the order's secret. */
export interface PaymentOutcome {
  salesOrderId: number;
  accessKey: string;
  paid: boolean;
  /** The gateway's answer is not recorded yet (it is being asked, or could not be reached): the voucher page says it waits. */
  pending?: boolean;
}

export class ConfirmPaymentCommand extends Command<PaymentOutcome> {
  constructor(readonly back: GatewayReturn) {
    super();
  }
}
