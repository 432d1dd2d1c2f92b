import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { SELECT_LIST_TYPE_SELECT } from '../../select-list-view';
import { SelectListTypeCodeTakenError } from '../../select-lists.errors';
import { SelectListTypeCreated } from '../../select-lists.events';
import { CreateSelectListTypeCommand } from './create-select-list-type.command';

@CommandHandler(CreateSelectListTypeCommand)
export class CreateSelectListTypeHandler implements ICommandHandler<CreateSelectListTypeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateSelectListTypeCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const created = await tx.selectListType.create({ data: input, select: SELECT_LIST_TYPE_SELECT });
        changes.record(SelectListTypeCreated({ typeId: created.id }));
        changes.audit('select_list_type.created', 'SelectListType', created.id, { fields: Object.keys(input).join(',') });
        return created;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new SelectListTypeCodeTakenError() : error;
      });
  }
}
