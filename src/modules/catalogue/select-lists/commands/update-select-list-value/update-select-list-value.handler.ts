import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { SELECT_LIST_VALUE_SELECT } from '../../select-list-view';
import { SelectListValueCodeTakenError, SelectListValueNotFoundError } from '../../select-lists.errors';
import { SelectListValueUpdated } from '../../select-lists.events';
import { assertSelectListTypeExists } from '../select-list-value-rules';
import { UpdateSelectListValueCommand } from './update-select-list-value.command';

@CommandHandler(UpdateSelectListValueCommand)
export class UpdateSelectListValueHandler implements ICommandHandler<UpdateSelectListValueCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, valueId, changes: input }: UpdateSelectListValueCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertSelectListTypeExists(tx, input.typeId);
        const current = await tx.selectListChild.findUnique({ where: { id: valueId }, select: SELECT_LIST_VALUE_SELECT });
        if (!current) throw new SelectListValueNotFoundError();
        const updated = await tx.selectListChild.update({ where: { id: valueId }, data: input, select: SELECT_LIST_VALUE_SELECT });
        const changed = (Object.keys(input) as (keyof typeof input)[]).filter((field) => input[field] !== undefined && current[field] !== updated[field]);
        if (changed.length > 0) changes.record(SelectListValueUpdated({ valueId, typeId: updated.typeId }));
        changes.audit('select_list_value.updated', 'SelectListChild', valueId, { fields: Object.keys(input).join(',') });
        return updated;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new SelectListValueCodeTakenError() : error;
      });
  }
}
