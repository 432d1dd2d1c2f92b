import { PaymentGatewayError, type GatewayCommit, type GatewayRefund, type GatewayStatus, type PaymentGateway } from './payment-gateway';

type Answer<T> = T | PaymentGatewayError;

const answer = <T>(value: Answer<T> | undefined, what: string): T => {
  if (value === undefined) throw new PaymentGatewayError(`${what}: no answer scripted`);
  if (value instanceof PaymentGatewayError) throw value;
  return value;
};

/**
 * A gateway whose answers a spec scripts, per token: a commit, a refund, the gateway's own record (`status`), or a
 * `PaymentGatewayError` (refused, unreachable). Every call is kept, so a spec can tell the gateway was not asked twice.
 */
export class FakePaymentGateway implements PaymentGateway {
  readonly code = 'simulator' as const;
  readonly calls: { method: 'create' | 'commit' | 'refund' | 'status'; args: unknown[] }[] = [];
  readonly commits = new Map<string, Answer<GatewayCommit>>();
  readonly refunds = new Map<string, Answer<GatewayRefund>>();
  readonly statuses = new Map<string, Answer<GatewayStatus>>();
  /** What `create` answers next; a `PaymentGatewayError` makes it refuse. */
  starts: Answer<{ token: string; url: string }>[] = [];
  private started = 0;

  async create(input: { buyOrder: string; sessionId: string; amount: number; returnUrl: string }) {
    this.calls.push({ method: 'create', args: [input] });
    return answer(this.starts.shift() ?? { token: `tok-${++this.started}`, url: 'https://pago.test/webpay' }, 'create');
  }

  async commit(token: string) {
    this.calls.push({ method: 'commit', args: [token] });
    return answer(this.commits.get(token), 'commit');
  }

  async refund(token: string, amount: number) {
    this.calls.push({ method: 'refund', args: [token, amount] });
    return answer(this.refunds.get(token), 'refund');
  }

  async status(token: string) {
    this.calls.push({ method: 'status', args: [token] });
    return answer(this.statuses.get(token), 'status');
  }

  /** How many times `method` was called. */
  count(method: 'create' | 'commit' | 'refund' | 'status'): number {
    return this.calls.filter((call) => call.method === method).length;
  }
}
