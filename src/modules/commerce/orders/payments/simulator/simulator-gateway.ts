import { randomBytes, randomInt } from 'node:crypto';
import type { PrismaService } from '../../../../../platform/database/prisma.service';
import { PaymentGatewayError, SIMULATOR_PATH, type GatewayCommit, type GatewayRefund, type GatewayStatus, type PaymentGateway } from '../payment-gateway';

/**
 * A local stand-in for Webpay, for demos and tests: it keeps its own book of transactions
 * (`simulated_payment`), shows its own page ("modo demostración") where the buyer approves or
 * rejects, sends the browser back with the token like Webpay, and answers `commit` once per token.
 * No money moves.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly code = 'simulator' as const;

  constructor(private readonly prisma: PrismaService) {}

  async create(input: { buyOrder: string; sessionId: string; amount: number; returnUrl: string }): Promise<{ token: string; url: string }> {
    // Webpay's tokens are 64 hex characters; the simulator's look the same.
    const token = randomBytes(32).toString('hex');
    await this.prisma.simulatedPayment.create({ data: { token, ...input } });
    return { token, url: SIMULATOR_PATH };
  }

  async commit(token: string): Promise<GatewayCommit> {
    // Like Webpay, a token commits once: the update only matches an uncommitted, decided transaction.
    const claimed = await this.prisma.simulatedPayment.updateMany({ where: { token, committed: false, decision: { not: null } }, data: { committed: true } });
    const row = await this.prisma.simulatedPayment.findUnique({ where: { token } });
    if (!row) throw new PaymentGatewayError('simulator: unknown token');
    if (claimed.count === 0) throw new PaymentGatewayError(row.committed ? 'simulator: transaction already committed' : 'simulator: the buyer has not decided yet');
    return commitOf(row);
  }

  async status(token: string): Promise<GatewayStatus> {
    const row = await this.prisma.simulatedPayment.findUnique({ where: { token } });
    if (!row) throw new PaymentGatewayError('simulator: unknown token');
    return row.committed ? { committed: true, commit: commitOf(row), refunded: row.refundedAt !== null } : { committed: false };
  }

  async refund(token: string, amount: number): Promise<GatewayRefund> {
    // Like Webpay: only an authorized, committed transaction, for no more than its amount, and once.
    const claimed = await this.prisma.simulatedPayment.updateMany({
      where: { token, committed: true, decision: 'AUTHORIZED', refundedAt: null, amount: { gte: amount } },
      data: { refundedAt: new Date() },
    });
    if (claimed.count === 0) {
      const row = await this.prisma.simulatedPayment.findUnique({ where: { token } });
      throw new PaymentGatewayError(!row ? 'simulator: unknown token' : row.refundedAt ? 'simulator: transaction already refunded' : 'simulator: transaction not refundable');
    }
    return { type: 'NULLIFIED', authorizationCode: String(randomInt(100000, 999999)), raw: { type: 'NULLIFIED', response_code: 0, nullified_amount: amount, balance: 0 } };
  }

  /** The simulator's page reads its transaction. */
  find(token: string) {
    return this.prisma.simulatedPayment.findUnique({ where: { token } });
  }

  /**
   * The buyer's choice on the simulator's page; answers where the browser returns to (with
   * `token_ws`, or Webpay's TBK_* fields when the buyer gives up), or null for an unknown token.
   * The first choice stands.
   */
  async decide(token: string, choice: 'approve' | 'reject' | 'abort'): Promise<string | null> {
    await this.prisma.simulatedPayment.updateMany({
      where: { token, decision: null },
      data: { decision: choice === 'approve' ? 'AUTHORIZED' : choice === 'reject' ? 'FAILED' : 'ABORTED' },
    });
    const row = await this.prisma.simulatedPayment.findUnique({ where: { token } });
    if (!row) return null;
    if (row.decision === 'ABORTED') {
      const query = new URLSearchParams({ TBK_TOKEN: row.token, TBK_ORDEN_COMPRA: row.buyOrder, TBK_ID_SESION: row.sessionId });
      return `${row.returnUrl}?${query}`;
    }
    return `${row.returnUrl}?token_ws=${row.token}`;
  }
}

/** A committed transaction as the simulator answers it, shaped as Webpay's commit answer. */
function commitOf(row: { decision: string | null; amount: number; buyOrder: string; sessionId: string }): GatewayCommit {
  const authorized = row.decision === 'AUTHORIZED';
  const answer = {
    status: authorized ? 'AUTHORIZED' : 'FAILED',
    response_code: authorized ? 0 : -1,
    amount: row.amount,
    buy_order: row.buyOrder,
    session_id: row.sessionId,
    authorization_code: authorized ? String(randomInt(100000, 999999)) : null,
    card_detail: { card_number: '6623' },
  };
  return {
    authorized,
    amount: row.amount,
    buyOrder: row.buyOrder,
    sessionId: row.sessionId,
    responseCode: answer.response_code,
    authorizationCode: answer.authorization_code,
    cardLast4: '6623',
    raw: answer,
  };
}
