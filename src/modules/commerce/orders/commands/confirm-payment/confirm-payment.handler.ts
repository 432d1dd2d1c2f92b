import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import type { Transaction } from '../../../../../platform/cqrs/transaction';
import { UnitOfWork, type Changes } from '../../../../../platform/cqrs/unit-of-work';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { sameSecret, gatewaySessionId } from '../../domain/order-codes';
import type { Payment } from '../../domain/payment';
import { PAYMENT_REPOSITORY, type PaymentRepository } from '../../domain/payment.repository';
import type { SalesOrder } from '../../domain/sales-order';
import { SALES_ORDER_REPOSITORY, type SalesOrderRepository } from '../../domain/sales-order.repository';
import { PaymentNotFoundError } from '../../orders.errors';
import { PAYMENT_GATEWAY, type GatewayCommit, type PaymentGateway } from '../../payments/payment-gateway';
import { ConfirmPaymentCommand, type PaymentOutcome } from './confirm-payment.command';

/** How long a return that finds its payment being committed by another request waits for that answer. */
const WAIT_FOR_OTHER_COMMIT_MS = 8_000;

/** What the gateway said of a commit: its answer, that it holds no commit, or nothing (unreachable). */
type Asked = GatewayCommit | 'uncommitted' | 'unknown';

/**
 * Settles a payment from the gateway's own answer (`commit`), never from what the browser says, in
 * three steps so that no transaction waits on the gateway: the payment is claimed (CREATED →
 * COMMITTING, committed at once), the gateway is asked with no transaction open, and its answer is
 * recorded. A second return meanwhile waits for that answer; a crash between the steps leaves the
 * payment COMMITTING, and the reconciliation sweep settles it from the gateway's own record. An answer
 * for another buy order, session or amount is refused and logged: no voucher.
 */
@CommandHandler(ConfirmPaymentCommand)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPaymentCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SALES_ORDER_REPOSITORY) private readonly orders: SalesOrderRepository,
    @Inject(PAYMENT_REPOSITORY) private readonly payments: PaymentRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'payments' });
  }

  async execute({ back }: ConfirmPaymentCommand): Promise<PaymentOutcome> {
    if (back.token) return this.settle(back.token);
    if (back.reconcileToken) return this.reconcile(back.reconcileToken);
    return this.uow.run(null, async (tx, changes) => {
      if (back.abortedToken) return this.giveUp(tx, changes, await this.lock(tx, { token: back.abortedToken }), back, 'Cancelaste el pago en el formulario de pago. No se hizo ningún cargo.');
      if (back.buyOrder) return this.giveUp(tx, changes, await this.lock(tx, { buyOrder: back.buyOrder }), back, 'El tiempo para completar el pago se agotó. No se hizo ningún cargo.');
      throw new PaymentNotFoundError();
    });
  }

  private async settle(token: string): Promise<PaymentOutcome> {
    const claim = await this.uow.run(null, async (tx) => {
      const payment = await this.lock(tx, { token });
      const order = (await this.order(tx, payment.state.salesOrderId)).state;
      // A replayed return (a reload, the back button, a forged repeat): settled already, or being settled.
      if (!payment.claim(order, new Date())) return { order, claimed: false, committing: payment.state.status === 'COMMITTING' };
      await this.payments.save(tx, payment);
      return { order, claimed: true, committing: true };
    });
    if (!claim.claimed) return claim.committing ? this.settledMeanwhile(claim.order.id) : outcome(claim.order);
    // No transaction is open here: a slow gateway (or the simulator's own queries) holds no connection and no lock.
    return this.record(token, await this.ask(token));
  }

  /** A payment still COMMITTING long after it was claimed: the gateway's own record settles it. */
  private async reconcile(token: string): Promise<PaymentOutcome> {
    let asked: Asked;
    try {
      const status = await this.gateway.status(token);
      // Never committed: our commit never reached the gateway; ask it now.
      asked = status.committed ? status.commit : await this.ask(token);
    } catch {
      asked = 'unknown';
    }
    return this.record(token, asked);
  }

  /** The gateway's commit; when that fails, its own record of the transaction (the commit may have gone through). */
  private async ask(token: string): Promise<Asked> {
    try {
      return await this.gateway.commit(token);
    } catch (error) {
      this.log.warn({ err: error }, 'payment commit failed; reading the transaction from the gateway');
      try {
        const status = await this.gateway.status(token);
        return status.committed ? status.commit : 'uncommitted';
      } catch {
        return 'unknown';
      }
    }
  }

  /** Records the gateway's answer, once: only a payment still COMMITTING changes. */
  private record(token: string, asked: Asked): Promise<PaymentOutcome> {
    return this.uow.run(null, async (tx, changes) => {
      const payment = await this.lock(tx, { token });
      const salesOrder = await this.order(tx, payment.state.salesOrderId);
      const order = salesOrder.state;
      if (!payment.isOpen(order, 'COMMITTING')) return outcome(order);
      // Unreachable: left COMMITTING, for the reconciliation sweep; the voucher page says the payment is awaited.
      if (asked === 'unknown') return { ...outcome(order), pending: true };
      // Webpay reverses a transaction nobody commits: failing here charges no one.
      if (asked === 'uncommitted') return this.fail(tx, changes, payment, salesOrder, 'REJECTED', 'No pudimos confirmar el pago con el medio de pago. No se hizo ningún cargo.', { uncommitted: true });
      const answer = asked;
      const mismatch = payment.mismatches(answer, order);
      if (mismatch.length > 0) {
        this.log.error(
          { salesOrder: order.number, paymentId: payment.state.id, mismatch, expected: { buyOrder: payment.state.buyOrder, amount: payment.state.amount, total: order.total }, gateway: { buyOrder: answer.buyOrder, amount: answer.amount } },
          'payment refused: the gateway answer does not match the order',
        );
        return this.fail(tx, changes, payment, salesOrder, 'REFUSED', 'El pago informado no coincide con tu orden, así que no emitimos el voucher. Si se hizo un cargo, escríbenos desde Contacto y lo devolvemos.', answer.raw, answer.responseCode);
      }
      if (!answer.authorized) {
        return this.fail(tx, changes, payment, salesOrder, 'REJECTED', 'El pago fue rechazado. No se hizo ningún cargo a tu tarjeta.', answer.raw, answer.responseCode);
      }

      const now = new Date();
      payment.authorize(now, answer);
      await this.payments.save(tx, payment);
      salesOrder.pay(now, this.config.orders.validityDays, answer.authorizationCode);
      await this.orders.save(tx, salesOrder);
      changes.record(...salesOrder.pullEvents());
      return { salesOrderId: order.id, accessKey: order.accessKey, paid: true };
    });
  }

  /** Another return of the same payment is asking the gateway: its answer, read when recorded (no lock held while waiting). */
  private async settledMeanwhile(salesOrderId: number): Promise<PaymentOutcome> {
    const until = Date.now() + WAIT_FOR_OTHER_COMMIT_MS;
    for (;;) {
      const found = await this.orders.find(null, salesOrderId);
      if (!found) throw new PaymentNotFoundError();
      const order = found.state;
      if (order.status !== 'PENDING_PAYMENT') return outcome(order);
      if (Date.now() > until) return { ...outcome(order), pending: true };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The buyer gave up or the form timed out: only with the order's own session id, so nobody else can fail an order. */
  private async giveUp(tx: Transaction, changes: Changes, payment: Payment, back: { sessionId?: string; buyOrder?: string }, reason: string): Promise<PaymentOutcome> {
    const salesOrder = await this.order(tx, payment.state.salesOrderId);
    const order = salesOrder.state;
    if (!sameSecret(back.sessionId, gatewaySessionId(order.accessKey)) || (back.buyOrder !== undefined && back.buyOrder !== order.number)) {
      this.log.warn({ salesOrder: order.number }, 'gateway return refused: the session does not match the order');
      throw new PaymentNotFoundError();
    }
    if (!payment.isOpen(order, 'CREATED')) return outcome(order);
    return this.fail(tx, changes, payment, salesOrder, 'REJECTED', reason, { aborted: true });
  }

  private async fail(tx: Transaction, changes: Changes, payment: Payment, order: SalesOrder, status: 'REJECTED' | 'REFUSED', reason: string, raw: unknown, responseCode: number | null = null): Promise<PaymentOutcome> {
    const now = new Date();
    payment.fail(now, status, raw, responseCode);
    await this.payments.save(tx, payment);
    order.failPayment(now, status, reason);
    await this.orders.save(tx, order);
    changes.record(...order.pullEvents());
    return { salesOrderId: order.state.id, accessKey: order.state.accessKey, paid: false };
  }

  /** The payment of a return, locked for the rest of the transaction; one we never started answers 404. */
  private async lock(tx: Transaction, by: { token: string } | { buyOrder: string }): Promise<Payment> {
    const payment = 'token' in by ? await this.payments.lockByToken(tx, by.token) : await this.payments.lockLatestOfBuyOrder(tx, by.buyOrder);
    if (!payment) {
      this.log.warn({ by: 'token' in by ? 'token' : 'buyOrder' }, 'gateway return for a payment we never started');
      throw new PaymentNotFoundError();
    }
    return payment;
  }

  /** The payment's order, locked after its payment (the order every path takes them in). */
  private async order(tx: Transaction, id: number): Promise<SalesOrder> {
    const order = await this.orders.lock(tx, id);
    if (!order) throw new PaymentNotFoundError();
    return order;
  }
}

const outcome = (order: { id: number; accessKey: string; status: string }): PaymentOutcome => ({ salesOrderId: order.id, accessKey: order.accessKey, paid: order.status === 'PAID' || order.status === 'REDEEMED' });
