import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { SELECT_LIST_FLAGS, SELECT_LIST_TYPE_SELECT } from '../../select-list-view';
import { SelectListTypeCodeTakenError, SelectListTypeNotFoundError } from '../../select-lists.errors';
import { SelectListFlagChanged, SelectListTypeUpdated } from '../../select-lists.events';
import { UpdateSelectListTypeCommand } from './update-select-list-type.command';

@CommandHandler(UpdateSelectListTypeCommand)
export class UpdateSelectListTypeHandler implements ICommandHandler<UpdateSelectListTypeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, typeId, changes: input }: UpdateSelectListTypeCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const current = await tx.selectListType.findUnique({ where: { id: typeId }, select: SELECT_LIST_TYPE_SELECT });
        if (!current) throw new SelectListTypeNotFoundError();
        const updated = await tx.selectListType.update({ where: { id: typeId }, data: input, select: SELECT_LIST_TYPE_SELECT });
        const changed = (Object.keys(input) as (keyof typeof input)[]).filter((field) => input[field] !== undefined && current[field] !== updated[field]);
        // A flag sent through the edit form is the same fact as its toggle: one event per flag.
        for (const flag of SELECT_LIST_FLAGS) if (changed.includes(flag)) changes.record(SelectListFlagChanged({ typeId, flag, value: updated[flag] }));
        const fields = changed.filter((field) => !(SELECT_LIST_FLAGS as readonly string[]).includes(field));
        if (fields.length > 0) changes.record(SelectListTypeUpdated({ typeId, fields }));
        changes.audit('select_list_type.updated', 'SelectListType', typeId, { fields: Object.keys(input).join(',') });
        return updated;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new SelectListTypeCodeTakenError() : error;
      });
  }
}
