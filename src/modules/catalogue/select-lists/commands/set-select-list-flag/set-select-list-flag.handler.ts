import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { SELECT_LIST_TYPE_SELECT } from '../../select-list-view';
import { SelectListTypeNotFoundError } from '../../select-lists.errors';
import { SelectListFlagChanged } from '../../select-lists.events';
import { SetSelectListFlagCommand } from './set-select-list-flag.command';

@CommandHandler(SetSelectListFlagCommand)
export class SetSelectListFlagHandler implements ICommandHandler<SetSelectListFlagCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, typeId, flag, value }: SetSelectListFlagCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const current = await tx.selectListType.findUnique({ where: { id: typeId }, select: { [flag]: true } as Record<typeof flag, true> });
      if (!current) throw new SelectListTypeNotFoundError();
      const updated = await tx.selectListType.update({ where: { id: typeId }, data: { [flag]: value }, select: SELECT_LIST_TYPE_SELECT });
      if (current[flag] !== value) changes.record(SelectListFlagChanged({ typeId, flag, value }));
      changes.audit('select_list_type.updated', 'SelectListType', typeId, { fields: flag });
      return updated;
    });
  }
}
