import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
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
    private readonly prisma: PrismaService,
    @Inject(SALES_ORDER_REPOSITORY) private readonly orders: SalesOrderRepository,
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

      const existing = await tx.salesOrderRefund.findUnique({ where: { salesOrderId: order.state.id } });
      if (existing?.state === 'DONE') return { done: resultOf(existing) };
      if (existing) return { underWay: true };
      order.assertRefundable();
      const payment = await tx.payment.findFirst({ where: { salesOrderId: order.state.id, status: 'AUTHORIZED' }, orderBy: { id: 'desc' } });
      if (!payment) throw new SalesOrderTransitionError('Esta orden no tiene un pago aprobado que reembolsar.');
      const requested = await tx.salesOrderRefund.create({
        data: { salesOrderId: order.state.id, paymentId: payment.id, amount: payment.amount, reason, requestedBy: ctx.actor.personId ?? null, state: 'REQUESTED' },
      });
      changes.audit('sales_order.refund_requested', 'SalesOrder', order.state.id, { amount: payment.amount, reason, gateway: this.gateway.code });
      return { request: { refundId: requested.id, salesOrderId: order.state.id, token: payment.token, amount: payment.amount } };
    });
    if ('done' in step) return step.done;
    if ('underWay' in step) return this.doneMeanwhile(salesOrderId);
    return this.carryOut(step.request, ctx);
  }

  /** A refund REQUESTED long ago whose answer was never recorded (the reconciliation sweep): the gateway's record decides. */
  async reconcile(refundId: number): Promise<void> {
    const refund = await this.prisma.salesOrderRefund.findUnique({ where: { id: refundId }, include: { payment: { select: { token: true } } } });
    if (refund?.state !== 'REQUESTED') return;
    await this.carryOut({ refundId, salesOrderId: refund.salesOrderId, token: refund.payment.token, amount: refund.amount }).catch((err: unknown) => {
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
      await this.prisma.salesOrderRefund.deleteMany({ where: { id: request.refundId, state: 'REQUESTED' } });
      throw new RefundRefusedError(refusalReason(refused));
    }
    const refunded = answer;
    return this.uow.run(ctx, async (tx, changes) => {
      const order = await this.orders.lock(tx, request.salesOrderId);
      const done = await tx.salesOrderRefund.update({
        where: { id: request.refundId },
        data: { state: 'DONE', gatewayType: refunded.type.slice(0, 20), authorizationCode: refunded.authorizationCode, detail: (refunded.raw ?? undefined) as object | undefined },
      });
      if (order?.refunded(new Date(), request.amount)) {
        await this.orders.save(tx, order);
        changes.record(...order.pullEvents());
        // Settled by the reconciliation sweep, the request's own audit entry (its administrator) stands for it.
        if (ctx) changes.audit('sales_order.refunded', 'SalesOrder', order.state.id, { amount: request.amount, reason: done.reason, gateway: this.gateway.code });
      }
      return resultOf(done);
    });
  }

  /** Another request for this refund is asking the gateway: its answer, read when recorded. */
  private async doneMeanwhile(salesOrderId: number): Promise<RefundResult> {
    const until = Date.now() + WAIT_FOR_OTHER_REFUND_MS;
    for (;;) {
      const refund = await this.prisma.salesOrderRefund.findUnique({ where: { salesOrderId } });
      if (refund?.state === 'DONE') return resultOf(refund);
      if (!refund) throw new SalesOrderTransitionError('El medio de pago no hizo el reembolso pedido recién; la orden sigue pagada.');
      if (Date.now() > until) throw new RefundPendingError();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const resultOf = (refund: { salesOrderId: number; amount: number; reason: string; createdAt: Date; gatewayType: string | null }): RefundResult => ({
  id: refund.salesOrderId,
  status: 'REFUNDED',
  refund: { amount: refund.amount, reason: refund.reason, createdAt: refund.createdAt.toISOString(), gatewayType: refund.gatewayType },
});
