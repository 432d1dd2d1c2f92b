import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { SelectListTypeNotFoundError } from '../../select-lists.errors';
import { SelectListTypeDeleted } from '../../select-lists.events';
import { DeleteSelectListTypeCommand } from './delete-select-list-type.command';

@CommandHandler(DeleteSelectListTypeCommand)
export class DeleteSelectListTypeHandler implements ICommandHandler<DeleteSelectListTypeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, typeId }: DeleteSelectListTypeCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      // Found before deleting: afterwards nothing says which laboratories had attributes of it.
      const laboratories = await tx.laboratoryAttribute.findMany({ where: { selectListTypeId: typeId }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
      await tx.laboratoryAttribute.deleteMany({ where: { selectListTypeId: typeId } });
      const deleted = await tx.selectListType.deleteMany({ where: { id: typeId } });
      if (deleted.count === 0) throw new SelectListTypeNotFoundError();
      changes.record(SelectListTypeDeleted({ typeId, laboratoryIds: laboratories.map((l) => l.laboratoryId) }));
      changes.audit('select_list_type.deleted', 'SelectListType', typeId);
    });
    return { id: typeId };
  }
}
