import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ContentSlotNotFoundError } from '../../content.errors';
import { slotTable } from '../../content-slot';
import { DeleteContentSlotCommand } from './delete-content-slot.command';

@CommandHandler(DeleteContentSlotCommand)
export class DeleteContentSlotHandler implements ICommandHandler<DeleteContentSlotCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, kind, id }: DeleteContentSlotCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const { count } = await slotTable(tx, kind).deleteMany({ where: { id } });
      if (count === 0) throw new ContentSlotNotFoundError(kind);
      changes.audit(`${kind}.deleted`, kind === 'banner' ? 'Banner' : 'Slider', id);
      return { id };
    });
  }
}
