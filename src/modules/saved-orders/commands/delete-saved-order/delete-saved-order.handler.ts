import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { SavedOrderNotFoundError } from '../../saved-orders.errors';
import { DeleteSavedOrderCommand } from './delete-saved-order.command';

@CommandHandler(DeleteSavedOrderCommand)
export class DeleteSavedOrderHandler implements ICommandHandler<DeleteSavedOrderCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, savedOrderId }: DeleteSavedOrderCommand) {
    return this.uow.run(ctx, async (tx) => {
      // Only one's own: another person's order is as missing as one that never existed.
      const { count } = await tx.savedOrder.deleteMany({ where: { id: savedOrderId, personId: ctx.actor.personId } });
      if (count === 0) throw new SavedOrderNotFoundError();
      return { id: savedOrderId };
    });
  }
}
