import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { SELECT_LIST_VALUE_SELECT } from '../../select-list-view';
import { SelectListValueCodeTakenError } from '../../select-lists.errors';
import { SelectListValueCreated } from '../../select-lists.events';
import { assertSelectListTypeExists } from '../select-list-value-rules';
import { CreateSelectListValueCommand } from './create-select-list-value.command';

@CommandHandler(CreateSelectListValueCommand)
export class CreateSelectListValueHandler implements ICommandHandler<CreateSelectListValueCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateSelectListValueCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertSelectListTypeExists(tx, input.typeId);
        const created = await tx.selectListChild.create({ data: input, select: SELECT_LIST_VALUE_SELECT });
        changes.record(SelectListValueCreated({ valueId: created.id, typeId: created.typeId }));
        changes.audit('select_list_value.created', 'SelectListChild', created.id, { typeId: created.typeId });
        return created;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new SelectListValueCodeTakenError() : error;
      });
  }
}
