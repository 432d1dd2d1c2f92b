import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dayAsDate } from '../../../../../platform/chile/calendar';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { announceSearchChange } from '../../../../../platform/database/search-changed';
import { UF_VALUE_SELECT, toUfValue } from '../../uf-value-view';
import { UfValueDateTakenError } from '../../uf-values.errors';
import { CreateUfValueCommand } from './create-uf-value.command';

/**
 * No event: nothing projects the UF. Quotes with a cap in UF read it when they are made, so the
 * search answers kept in memory are forgotten once this commits (NOTIFY in the same transaction).
 */
@CommandHandler(CreateUfValueCommand)
export class CreateUfValueHandler implements ICommandHandler<CreateUfValueCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateUfValueCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const row = await tx.ufValue.create({ data: { validOn: dayAsDate(input.validOn), value: input.value }, select: UF_VALUE_SELECT });
        changes.audit('uf_value.created', 'UfValue', row.id, { validOn: input.validOn, value: input.value });
        await announceSearchChange(tx);
        return toUfValue(row);
      })
      .catch((error: unknown) => {
        // valid_on is the table's one unique column: the day already has its value.
        throw uniqueViolation(error) ? new UfValueDateTakenError(input.validOn) : error;
      });
  }
}
