import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PersonVisibilityNotFoundError } from '../../identity.errors';
import { PERSON_VISIBILITY_SELECT } from '../../person-visibility-view';
import { assertGrant, grantColumns } from '../person-visibility-grant';
import { UpdatePersonVisibilityCommand } from './update-person-visibility.command';

@CommandHandler(UpdatePersonVisibilityCommand)
export class UpdatePersonVisibilityHandler implements ICommandHandler<UpdatePersonVisibilityCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, visibilityId, input }: UpdatePersonVisibilityCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await assertGrant(tx, input, visibilityId);
      if (!(await tx.personVisibility.findUnique({ where: { id: visibilityId }, select: { id: true } }))) throw new PersonVisibilityNotFoundError();
      const data = grantColumns(input);
      const row = await tx.personVisibility.update({ where: { id: visibilityId }, data, select: PERSON_VISIBILITY_SELECT });
      changes.audit('person_visibility.updated', 'PersonVisibility', visibilityId, data);
      return row;
    });
  }
}
