import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { SALES_ORDER_REPOSITORY, type SalesOrderRepository } from '../../domain/sales-order.repository';
import { SalesOrderNotFoundError } from '../../orders.errors';
import { RedeemSalesOrderCommand } from './redeem-sales-order.command';

@CommandHandler(RedeemSalesOrderCommand)
export class RedeemSalesOrderHandler implements ICommandHandler<RedeemSalesOrderCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SALES_ORDER_REPOSITORY) private readonly orders: SalesOrderRepository,
  ) {}

  execute({ ctx, salesOrderId }: RedeemSalesOrderCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      // Locked: two counters scanning the same voucher at once redeem it once.
      const order = await this.orders.lock(tx, salesOrderId);
      if (!order) throw new SalesOrderNotFoundError();
      assertLaboratoryScope(ctx.actor, { id: order.state.laboratoryId, companyId: order.state.companyId }, () => new SalesOrderNotFoundError());
      order.redeem(new Date());
      await this.orders.save(tx, order);
      changes.record(...order.pullEvents());
      changes.audit('sales_order.redeemed', 'SalesOrder', order.state.id);
      return { id: order.state.id, status: 'REDEEMED' as const };
    });
  }
}
