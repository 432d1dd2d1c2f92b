import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { SALES_ORDER_STATUS_LABELS as STATUS_LABELS } from '../../../../../contracts/sales-orders';
import { assertMove } from '../../domain/sales-order-status';
import { RefundForbiddenError, RefundRefusedError, SalesOrderNotFoundError, SalesOrderTransitionError } from '../../orders.errors';
import { SalesOrderRefunded } from '../../orders.events';
import { PAYMENT_GATEWAY, PaymentGatewayError, type GatewayRefund, type PaymentGateway } from '../../payments/payment-gateway';
import { RefundSalesOrderCommand, type RefundResult } from './refund-sales-order.command';

/** What a gateway's refusal means, in words for the administrator (the raw answer goes to the log). */
function refusalReason(error: PaymentGatewayError): string {
  if (/already refunded|ya fue|nullified/i.test(error.message)) return 'la transacción ya estaba reembolsada en el medio de pago';
  if (/not refundable|not authorized|invalid|422/i.test(error.message)) return 'el medio de pago dice que esta transacción no se puede reembolsar';
  return 'no pudimos conectarnos con el medio de pago o no aceptó la solicitud';
}

/**
 * Refunds a paid order, whole, once. The order row is locked for the whole refund, so that a replayed or
 * double-clicked request waits for the first and then answers its refund (one refund, however often it is sent).
 * The gateway is asked inside the transaction: when it refuses, nothing is written.
 */
@CommandHandler(RefundSalesOrderCommand)
export class RefundSalesOrderHandler implements ICommandHandler<RefundSalesOrderCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'orders' });
  }

  execute({ ctx, salesOrderId, reason }: RefundSalesOrderCommand): Promise<RefundResult> {
    return this.uow.run(ctx, async (tx, changes) => {
      const [order] = await tx.$queryRaw<{ id: number; status: string; companyId: number; laboratoryId: number }[]>`
        SELECT id, status::text AS status, company_id AS "companyId", laboratory_id AS "laboratoryId" FROM sales_order WHERE id = ${salesOrderId} FOR UPDATE`;
      if (!order) throw new SalesOrderNotFoundError();
      // Another company's order answers like a missing one; the laboratory's own provider may see it, not refund it.
      assertLaboratoryScope(ctx.actor, { id: order.laboratoryId, companyId: order.companyId }, () => new SalesOrderNotFoundError());
      if (ctx.actor.profile !== 'ADM') throw new RefundForbiddenError();

      const done = await tx.salesOrderRefund.findUnique({ where: { salesOrderId: order.id } });
      if (done) return { id: order.id, status: 'REFUNDED', refund: { amount: done.amount, reason: done.reason, createdAt: done.createdAt.toISOString(), gatewayType: done.gatewayType } };
      if (order.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado: el laboratorio tomó las muestras y no se puede reembolsar.');
      if (order.status !== 'PAID') throw new SalesOrderTransitionError(`Una orden ${STATUS_LABELS[order.status as 'PAID'].toLowerCase()} no se puede reembolsar: solo una orden pagada y sin canjear.`);
      assertMove('PAID', 'REFUNDED');
      const payment = await tx.payment.findFirst({ where: { salesOrderId: order.id, status: 'AUTHORIZED' }, orderBy: { id: 'desc' } });
      if (!payment) throw new SalesOrderTransitionError('Esta orden no tiene un pago aprobado que reembolsar.');

      let answer: GatewayRefund;
      try {
        answer = await this.gateway.refund(payment.token, payment.amount);
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        this.log.warn({ err: error, salesOrderId: order.id, paymentId: payment.id }, 'refund refused by the gateway');
        throw new RefundRefusedError(refusalReason(error));
      }

      const now = new Date();
      const refund = await tx.salesOrderRefund.create({
        data: {
          salesOrderId: order.id, paymentId: payment.id, amount: payment.amount, reason, requestedBy: ctx.actor.personId ?? null,
          gatewayType: answer.type.slice(0, 20), authorizationCode: answer.authorizationCode, detail: (answer.raw ?? undefined) as object | undefined,
        },
      });
      await tx.salesOrder.update({ where: { id: order.id }, data: { status: 'REFUNDED', closedAt: now } });
      changes.record(SalesOrderRefunded({ salesOrderId: order.id, companyId: order.companyId, laboratoryId: order.laboratoryId, amount: payment.amount }));
      changes.audit('sales_order.refunded', 'SalesOrder', order.id, { amount: payment.amount, reason, gateway: this.gateway.code });
      return { id: order.id, status: 'REFUNDED', refund: { amount: refund.amount, reason: refund.reason, createdAt: refund.createdAt.toISOString(), gatewayType: refund.gatewayType } };
    });
  }
}
