import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { assertMove } from '../../domain/sales-order-status';
import { SalesOrderNotFoundError, SalesOrderTransitionError } from '../../orders.errors';
import { SalesOrderRedeemed } from '../../orders.events';
import { RedeemSalesOrderCommand } from './redeem-sales-order.command';

@CommandHandler(RedeemSalesOrderCommand)
export class RedeemSalesOrderHandler implements ICommandHandler<RedeemSalesOrderCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, salesOrderId }: RedeemSalesOrderCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      // Locked: two counters scanning the same voucher at once redeem it once.
      const [order] = await tx.$queryRaw<{ id: number; status: string; companyId: number; laboratoryId: number; validUntil: Date | null }[]>`
        SELECT id, status::text AS status, company_id AS "companyId", laboratory_id AS "laboratoryId", valid_until AS "validUntil" FROM sales_order WHERE id = ${salesOrderId} FOR UPDATE`;
      if (!order) throw new SalesOrderNotFoundError();
      assertLaboratoryScope(ctx.actor, { id: order.laboratoryId, companyId: order.companyId }, () => new SalesOrderNotFoundError());
      if (order.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado.');
      if (order.status === 'PAID' && order.validUntil && order.validUntil <= new Date()) throw new SalesOrderTransitionError('Este voucher está vencido: no se puede canjear.');
      assertMove(order.status as 'PAID', 'REDEEMED');
      await tx.salesOrder.update({ where: { id: order.id }, data: { status: 'REDEEMED', redeemedAt: new Date() } });
      changes.record(SalesOrderRedeemed({ salesOrderId: order.id, companyId: order.companyId, laboratoryId: order.laboratoryId }));
      changes.audit('sales_order.redeemed', 'SalesOrder', order.id);
      return { id: order.id, status: 'REDEEMED' as const };
    });
  }
}
