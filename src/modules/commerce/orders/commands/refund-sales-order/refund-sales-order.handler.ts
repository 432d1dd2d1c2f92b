import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { PAYMENT_REPOSITORY, type PaymentRepository } from '../../domain/payment.repository';
import type { Refund } from '../../domain/refund';
import { REFUND_REPOSITORY, type RefundRepository } from '../../domain/refund.repository';
import { SALES_ORDER_REPOSITORY, type SalesOrderRepository } from '../../domain/sales-order.repository';
import { RefundForbiddenError, RefundPendingError, RefundRefusedError, SalesOrderNotFoundError, SalesOrderTransitionError } from '../../orders.errors';
import { PAYMENT_GATEWAY, PaymentGatewayError, type GatewayRefund, type PaymentGateway } from '../../payments/payment-gateway';
import { RefundSalesOrderCommand, type RefundResult } from './refund-sales-order.command';

/** What a gateway's refusal means, in words for the administrator (the raw answer goes to the log). */
function refusalReason(error: PaymentGatewayError): string {
  if (/already refunded|ya fue|nullified/i.test(error.message)) return 'la transacción ya estaba reembolsada en el medio de pago';
  if (/not refundable|not authorized|invalid|422/i.test(error.message)) return 'el medio de pago dice que esta transacción no se puede reembolsar';
  return 'no pudimos conectarnos con el medio de pago o no aceptó la solicitud';
}

/** How long a second request for a refund under way waits for its answer. */
const WAIT_FOR_OTHER_REFUND_MS = 8_000;

interface RefundRequest {
  refundId: number;
  salesOrderId: number;
  token: string;
  amount: number;
}

/**
 * Refunds a paid order, whole, once, in three steps so that no transaction waits on the gateway: the
 * refund is recorded as REQUESTED (the order row locked meanwhile, so a double click finds it), the
 * gateway is asked with no transaction open, and its answer is recorded (DONE and the order REFUNDED,
 * or, refused, the request removed and the order still paid). When the gateway's answer is lost (a
 * timeout, a crash), its own record of the transaction decides, now or in the reconciliation sweep.
 */
@CommandHandler(RefundSalesOrderCommand)
export class RefundSalesOrderHandler implements ICommandHandler<RefundSalesOrderCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SALES_ORDER_REPOSITORY) private readonly orders: SalesOrderRepository,
    @Inject(PAYMENT_REPOSITORY) private readonly payments: PaymentRepository,
    @Inject(REFUND_REPOSITORY) private readonly refunds: RefundRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'orders' });
  }

  async execute({ ctx, salesOrderId, reason }: RefundSalesOrderCommand): Promise<RefundResult> {
    const step = await this.uow.run(ctx, async (tx, changes): Promise<{ done: RefundResult } | { underWay: true } | { request: RefundRequest }> => {
      const order = await this.orders.lock(tx, salesOrderId);
      if (!order) throw new SalesOrderNotFoundError();
      // Another company's order answers like a missing one; the laboratory's own provider may see it, not refund it.
      assertLaboratoryScope(ctx.actor, { id: order.state.laboratoryId, companyId: order.state.companyId }, () => new SalesOrderNotFoundError());
      if (ctx.actor.profile !== 'ADM') throw new RefundForbiddenError();

      const existing = await this.refunds.ofOrder(tx, order.state.id);
      if (existing?.isDone) return { done: resultOf(existing) };
      if (existing) return { underWay: true };
      // Only a paid, unused order, of its authorized payment (the aggregate's rule).
      const payment = await this.payments.authorizedOf(tx, order.state.id);
      const requested = await this.refunds.add(tx, order.requestRefund(payment, reason, ctx.actor.personId ?? null));
      changes.audit('sales_order.refund_requested', 'SalesOrder', order.state.id, { amount: requested.state.amount, reason, gateway: this.gateway.code });
      return { request: requestOf(requested) };
    });
    if ('done' in step) return step.done;
    if ('underWay' in step) return this.doneMeanwhile(salesOrderId);
    return this.carryOut(step.request, ctx);
  }

  /** A refund REQUESTED long ago whose answer was never recorded (the reconciliation sweep): the gateway's record decides. */
  async reconcile(refundId: number): Promise<void> {
    const refund = await this.refunds.find(null, refundId);
    if (!refund || refund.isDone) return;
    await this.carryOut(requestOf(refund)).catch((err: unknown) => {
      if (!(err instanceof RefundPendingError) && !(err instanceof RefundRefusedError)) throw err;
    });
  }

  /** Asks the gateway (no transaction open) and records its answer. */
  private async carryOut(request: RefundRequest, ctx: CommandContext | null = null): Promise<RefundResult> {
    let answer: GatewayRefund | PaymentGatewayError | 'unknown';
    try {
      answer = await this.gateway.refund(request.token, request.amount);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Refused, unreachable, or refunded already (an earlier attempt whose answer was lost, a refund made in the
      // gateway's back office): the gateway's record says which.
      const status = await this.gateway.status(request.token).catch(() => null);
      answer = status === null ? 'unknown' : status.committed && status.refunded ? { type: 'NULLIFIED', authorizationCode: null, raw: { recordedFrom: 'status' } } : error;
    }
    if (answer === 'unknown') {
      this.log.warn({ salesOrderId: request.salesOrderId }, 'refund asked, answer unknown: left for the reconciliation sweep');
      throw new RefundPendingError();
    }
    if (answer instanceof PaymentGatewayError) {
      const refused = answer;
      this.log.warn({ err: refused, salesOrderId: request.salesOrderId }, 'refund refused by the gateway');
      await this.refunds.withdraw(request.refundId);
      throw new RefundRefusedError(refusalReason(refused));
    }
    const refunded = answer;
    return this.uow.run(ctx, async (tx, changes) => {
      const order = await this.orders.lock(tx, request.salesOrderId);
      const done = await this.refunds.find(tx, request.refundId);
      // Removed meanwhile: another attempt at it was refused (as a second request waiting for it is told).
      if (!done) throw new SalesOrderTransitionError(REFUND_NOT_MADE);
      done.done(refunded);
      await this.refunds.save(tx, done);
      if (order?.refunded(new Date(), request.amount)) {
        await this.orders.save(tx, order);
        changes.record(...order.pullEvents());
        // Settled by the reconciliation sweep, the request's own audit entry (its administrator) stands for it.
        if (ctx) changes.audit('sales_order.refunded', 'SalesOrder', order.state.id, { amount: request.amount, reason: done.state.reason, gateway: this.gateway.code });
      }
      return resultOf(done);
    });
  }

  /** Another request for this refund is asking the gateway: its answer, read when recorded. */
  private async doneMeanwhile(salesOrderId: number): Promise<RefundResult> {
    const until = Date.now() + WAIT_FOR_OTHER_REFUND_MS;
    for (;;) {
      const refund = await this.refunds.ofOrder(null, salesOrderId);
      if (refund?.isDone) return resultOf(refund);
      if (!refund) throw new SalesOrderTransitionError(REFUND_NOT_MADE);
      if (Date.now() > until) throw new RefundPendingError();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const REFUND_NOT_MADE = 'El medio de pago no hizo el reembolso pedido recién; la orden sigue pagada.';

const requestOf = ({ state }: Refund): RefundRequest => ({ refundId: state.id, salesOrderId: state.salesOrderId, token: state.token, amount: state.amount });

const resultOf = ({ state }: Refund): RefundResult => ({
  id: state.salesOrderId,
  status: 'REFUNDED',
  refund: { amount: state.amount, reason: state.reason, createdAt: state.createdAt.toISOString(), gatewayType: state.gatewayType },
});
