import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { SLOT_SELECT, slotTable, toContentSlot } from '../../content-slot';
import { assertImageExists } from '../slot-references';
import { CreateContentSlotCommand } from './create-content-slot.command';

@CommandHandler(CreateContentSlotCommand)
export class CreateContentSlotHandler implements ICommandHandler<CreateContentSlotCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, kind, input }: CreateContentSlotCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await assertImageExists(tx, input.imageFileId);
      const row = await slotTable(tx, kind).create({ data: input, select: SLOT_SELECT });
      changes.audit(`${kind}.created`, kind === 'banner' ? 'Banner' : 'Slider', row.id);
      return toContentSlot(row);
    });
  }
}
