import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { SelectListValueNotFoundError } from '../../select-lists.errors';
import { SelectListValueDeleted } from '../../select-lists.events';
import { DeleteSelectListValueCommand } from './delete-select-list-value.command';

@CommandHandler(DeleteSelectListValueCommand)
export class DeleteSelectListValueHandler implements ICommandHandler<DeleteSelectListValueCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, valueId }: DeleteSelectListValueCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const value = await tx.selectListChild.findUnique({ where: { id: valueId }, select: { typeId: true } });
      if (!value) throw new SelectListValueNotFoundError();
      // Found before the delete cascades: afterwards nothing says which laboratories had the value.
      const laboratories = await tx.laboratoryAttribute.findMany({ where: { selectListChildId: valueId }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
      await tx.selectListChild.delete({ where: { id: valueId } });
      changes.record(SelectListValueDeleted({ valueId, typeId: value.typeId, laboratoryIds: laboratories.map((l) => l.laboratoryId) }));
      changes.audit('select_list_value.deleted', 'SelectListChild', valueId, { typeId: value.typeId });
    });
    return { id: valueId };
  }
}
