import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dayAsDate } from '../../../../../platform/chile/calendar';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { announceSearchChange } from '../../../../../platform/database/search-changed';
import { UF_VALUE_SELECT, toUfValue } from '../../uf-value-view';
import { UfValueDateTakenError, UfValueNotFoundError } from '../../uf-values.errors';
import { UpdateUfValueCommand } from './update-uf-value.command';

/** As a new value: no event, and the cached search answers are forgotten once it commits. */
@CommandHandler(UpdateUfValueCommand)
export class UpdateUfValueHandler implements ICommandHandler<UpdateUfValueCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, ufValueId, changes: input }: UpdateUfValueCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const before = await tx.ufValue.findUnique({ where: { id: ufValueId }, select: UF_VALUE_SELECT });
        if (!before) throw new UfValueNotFoundError();
        const row = await tx.ufValue.update({
          where: { id: ufValueId },
          data: { ...(input.validOn !== undefined && { validOn: dayAsDate(input.validOn) }), ...(input.value !== undefined && { value: input.value }) },
          select: UF_VALUE_SELECT,
        });
        const was = toUfValue(before);
        const now = toUfValue(row);
        changes.audit('uf_value.updated', 'UfValue', ufValueId, { fields: Object.keys(input).join(','), validOn: now.validOn, value: now.value, previousValidOn: was.validOn, previousValue: was.value });
        await announceSearchChange(tx);
        return now;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new UfValueDateTakenError(input.validOn ?? '') : error;
      });
  }
}
