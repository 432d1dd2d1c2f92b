import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ContentSlotNotFoundError } from '../../content.errors';
import { SLOT_SELECT, slotTable, toContentSlot } from '../../content-slot';
import { assertImageExists, assertPeriod } from '../slot-references';
import { UpdateContentSlotCommand } from './update-content-slot.command';

@CommandHandler(UpdateContentSlotCommand)
export class UpdateContentSlotHandler implements ICommandHandler<UpdateContentSlotCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, kind, id, changes: input }: UpdateContentSlotCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const table = slotTable(tx, kind);
      const current = await table.findUnique({ where: { id }, select: { startsAt: true, endsAt: true } });
      if (!current) throw new ContentSlotNotFoundError(kind);
      assertPeriod(input.startsAt !== undefined ? input.startsAt : current.startsAt, input.endsAt !== undefined ? input.endsAt : current.endsAt);
      await assertImageExists(tx, input.imageFileId);
      const row = await table.update({ where: { id }, data: input, select: SLOT_SELECT });
      changes.audit(`${kind}.updated`, kind === 'banner' ? 'Banner' : 'Slider', id, { fields: Object.keys(input).join(',') });
      return toContentSlot(row);
    });
  }
}
