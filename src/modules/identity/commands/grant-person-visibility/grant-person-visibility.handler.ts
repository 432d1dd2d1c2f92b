import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PERSON_VISIBILITY_SELECT } from '../../person-visibility-view';
import { assertGrant, grantColumns } from '../person-visibility-grant';
import { GrantPersonVisibilityCommand } from './grant-person-visibility.command';

@CommandHandler(GrantPersonVisibilityCommand)
export class GrantPersonVisibilityHandler implements ICommandHandler<GrantPersonVisibilityCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: GrantPersonVisibilityCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await assertGrant(tx, input);
      const data = grantColumns(input);
      const row = await tx.personVisibility.create({ data, select: PERSON_VISIBILITY_SELECT });
      changes.audit('person_visibility.created', 'PersonVisibility', row.id, data);
      return row;
    });
  }
}
