import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import { UnitOfWork, type Changes } from '../../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import type { Prisma } from '../../../../../generated/prisma/client';
import { sameSecret, gatewaySessionId } from '../../domain/order-codes';
import { PaymentNotFoundError } from '../../orders.errors';
import { SalesOrderPaid, SalesOrderPaymentFailed } from '../../orders.events';
import { PAYMENT_GATEWAY, type GatewayCommit, type PaymentGateway } from '../../payments/payment-gateway';
import { ConfirmPaymentCommand, type PaymentOutcome } from './confirm-payment.command';

const DAY_MS = 86_400_000;

type LockedPayment = { id: number; status: string; amount: number; buyOrder: string; token: string; salesOrderId: number };
type OrderRow = { id: number; status: string; total: number; number: string; accessKey: string; companyId: number; laboratoryId: number };

/**
 * Settles a payment from the gateway's own answer (`commit`), never from what the browser says.
 * The payment row is locked first: a replayed return waits, then finds it settled and changes
 * nothing. An answer for another buy order, session or amount is refused and logged: no voucher.
 */
@CommandHandler(ConfirmPaymentCommand)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPaymentCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'payments' });
  }

  async execute({ back }: ConfirmPaymentCommand): Promise<PaymentOutcome> {
    return this.uow.run(null, async (tx, changes) => {
      if (back.token) return this.settle(tx, changes, back.token);
      if (back.abortedToken) return this.giveUp(tx, changes, await this.lock(tx, { token: back.abortedToken }), back, 'Cancelaste el pago en el formulario de pago. No se hizo ningún cargo.');
      if (back.buyOrder) return this.giveUp(tx, changes, await this.lock(tx, { buyOrder: back.buyOrder }), back, 'El tiempo para completar el pago se agotó. No se hizo ningún cargo.');
      throw new PaymentNotFoundError();
    }, { timeout: 30_000 });
  }

  private async settle(tx: Tx, changes: Changes, token: string): Promise<PaymentOutcome> {
    const payment = await this.lock(tx, { token });
    const order = await this.order(tx, payment.salesOrderId);
    // A replayed return (a reload, the back button, a forged repeat): the payment is settled already.
    if (payment.status !== 'CREATED' || order.status !== 'PENDING_PAYMENT') return outcome(order);

    let answer: GatewayCommit;
    try {
      answer = await this.gateway.commit(token);
    } catch (error) {
      // Webpay reverses a transaction nobody commits: failing here charges no one.
      this.log.warn({ err: error, salesOrder: order.number }, 'payment commit failed');
      return this.fail(tx, changes, payment, order, 'REJECTED', 'No pudimos confirmar el pago con el medio de pago. No se hizo ningún cargo.', { error: error instanceof Error ? error.message : String(error) });
    }

    const mismatch = [
      answer.buyOrder !== payment.buyOrder && 'buyOrder',
      answer.amount !== payment.amount && 'amount',
      payment.amount !== order.total && 'orderTotal',
      answer.sessionId !== gatewaySessionId(order.accessKey) && 'sessionId',
    ].filter(Boolean);
    if (mismatch.length > 0) {
      this.log.error(
        { salesOrder: order.number, paymentId: payment.id, mismatch, expected: { buyOrder: payment.buyOrder, amount: payment.amount, total: order.total }, gateway: { buyOrder: answer.buyOrder, amount: answer.amount } },
        'payment refused: the gateway answer does not match the order',
      );
      return this.fail(tx, changes, payment, order, 'REFUSED', 'El pago informado no coincide con tu orden, así que no emitimos el voucher. Si se hizo un cargo, escríbenos desde Contacto y lo devolvemos.', answer.raw, answer.responseCode);
    }
    if (!answer.authorized) {
      return this.fail(tx, changes, payment, order, 'REJECTED', 'El pago fue rechazado. No se hizo ningún cargo a tu tarjeta.', answer.raw, answer.responseCode);
    }

    const now = new Date();
    const validUntil = new Date(now.getTime() + this.config.orders.validityDays * DAY_MS);
    await tx.payment.update({
      where: { id: payment.id },
      data: { status: 'AUTHORIZED', settledAt: now, responseCode: answer.responseCode, authorizationCode: answer.authorizationCode, cardLast4: answer.cardLast4, detail: answer.raw as Prisma.InputJsonValue },
    });
    await tx.salesOrder.update({ where: { id: order.id }, data: { status: 'PAID', paidAt: now, validUntil, paymentRef: answer.authorizationCode } });
    changes.record(SalesOrderPaid({ salesOrderId: order.id, companyId: order.companyId, laboratoryId: order.laboratoryId, total: order.total, validUntil: validUntil.toISOString() }));
    return { salesOrderId: order.id, accessKey: order.accessKey, paid: true };
  }

  /** The buyer gave up or the form timed out: only with the order's own session id, so nobody else can fail an order. */
  private async giveUp(tx: Tx, changes: Changes, payment: LockedPayment, back: { sessionId?: string; buyOrder?: string }, reason: string): Promise<PaymentOutcome> {
    const order = await this.order(tx, payment.salesOrderId);
    if (!sameSecret(back.sessionId, gatewaySessionId(order.accessKey)) || (back.buyOrder !== undefined && back.buyOrder !== order.number)) {
      this.log.warn({ salesOrder: order.number }, 'gateway return refused: the session does not match the order');
      throw new PaymentNotFoundError();
    }
    if (payment.status !== 'CREATED' || order.status !== 'PENDING_PAYMENT') return outcome(order);
    return this.fail(tx, changes, payment, order, 'REJECTED', reason, { aborted: true });
  }

  private async fail(tx: Tx, changes: Changes, payment: LockedPayment, order: OrderRow, status: 'REJECTED' | 'REFUSED', reason: string, raw: unknown, responseCode: number | null = null): Promise<PaymentOutcome> {
    await tx.payment.update({
      where: { id: payment.id },
      data: { status, settledAt: new Date(), responseCode, detail: (raw ?? {}) as Prisma.InputJsonValue },
    });
    await tx.salesOrder.update({ where: { id: order.id }, data: { status: 'FAILED', failureReason: reason, closedAt: new Date() } });
    changes.record(SalesOrderPaymentFailed({ salesOrderId: order.id, companyId: order.companyId, laboratoryId: order.laboratoryId, reason: status }));
    return { salesOrderId: order.id, accessKey: order.accessKey, paid: false };
  }

  /** The payment of a return, locked for the rest of the transaction; one we never started answers 404. */
  private async lock(tx: Tx, by: { token: string } | { buyOrder: string }): Promise<LockedPayment> {
    const rows = 'token' in by
      ? await tx.$queryRaw<LockedPayment[]>`SELECT id, status, amount, buy_order AS "buyOrder", token, sales_order_id AS "salesOrderId" FROM payment WHERE token = ${by.token} FOR UPDATE`
      : await tx.$queryRaw<LockedPayment[]>`SELECT id, status, amount, buy_order AS "buyOrder", token, sales_order_id AS "salesOrderId" FROM payment WHERE buy_order = ${by.buyOrder} ORDER BY id DESC LIMIT 1 FOR UPDATE`;
    if (rows.length === 0) {
      this.log.warn({ by: 'token' in by ? 'token' : 'buyOrder' }, 'gateway return for a payment we never started');
      throw new PaymentNotFoundError();
    }
    return rows[0];
  }

  private order(tx: Tx, id: number): Promise<OrderRow> {
    return tx.salesOrder.findUniqueOrThrow({ where: { id }, select: { id: true, status: true, total: true, number: true, accessKey: true, companyId: true, laboratoryId: true } });
  }
}

const outcome = (order: OrderRow): PaymentOutcome => ({ salesOrderId: order.id, accessKey: order.accessKey, paid: order.status === 'PAID' || order.status === 'REDEEMED' });
