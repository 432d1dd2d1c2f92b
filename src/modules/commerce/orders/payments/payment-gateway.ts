/**
 * The payments port: what checkout needs of a card gateway. Webpay Plus (Transbank) and the local
 * simulator implement it; the flow is Webpay's: create a transaction, send the browser to `url`
 * with the token (`token_ws`), and when the browser comes back, `commit` it server-side, which is
 * the only answer that counts.
 */
export interface PaymentGateway {
  readonly code: 'webpay' | 'simulator';
  /** Starts a transaction for `amount` pesos; `returnUrl` receives the browser afterwards. */
  create(input: { buyOrder: string; sessionId: string; amount: number; returnUrl: string }): Promise<{ token: string; url: string }>;
  /** Confirms a transaction after the browser returns. Throws PaymentGatewayError when the gateway refuses or cannot be reached. */
  commit(token: string): Promise<GatewayCommit>;
  /**
   * Gives back `amount` pesos of a committed, authorized transaction (Webpay Plus "reembolso": reversed within the
   * day, nullified afterwards). Throws PaymentGatewayError when the gateway refuses or cannot be reached: then
   * nothing was refunded.
   */
  refund(token: string, amount: number): Promise<GatewayRefund>;
  /**
   * The gateway's own record of a transaction: whether it was committed (and how), and whether it was
   * refunded. What a payment or refund whose answer we never recorded (a crash, a timeout) is settled by.
   * Throws PaymentGatewayError when the gateway cannot be reached.
   */
  status(token: string): Promise<GatewayStatus>;
}

/** A transaction as the gateway keeps it. */
export type GatewayStatus = { committed: false } | { committed: true; commit: GatewayCommit; refunded: boolean };

/** The gateway's account of a refund. */
export interface GatewayRefund {
  /** REVERSED (the charge never reaches the card's statement) or NULLIFIED (credited back). */
  type: string;
  authorizationCode: string | null;
  raw: unknown;
}

/** The gateway's account of a transaction, as `commit` reads it. */
export interface GatewayCommit {
  authorized: boolean;
  amount: number;
  buyOrder: string;
  sessionId: string;
  responseCode: number | null;
  authorizationCode: string | null;
  cardLast4: string | null;
  /** The gateway's answer as it came, for the record. */
  raw: unknown;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** Where the browser goes back to after paying (both gateways). */
export const PAYMENT_RETURN_PATH = '/api/payments/return';
/** The simulator's "gateway" page. */
export const SIMULATOR_PATH = '/api/payments/simulator';

export class PaymentGatewayError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}
