import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PersonVisibilityNotFoundError } from '../../identity.errors';
import { RevokePersonVisibilityCommand } from './revoke-person-visibility.command';

@CommandHandler(RevokePersonVisibilityCommand)
export class RevokePersonVisibilityHandler implements ICommandHandler<RevokePersonVisibilityCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, visibilityId }: RevokePersonVisibilityCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const deleted = await tx.personVisibility.deleteMany({ where: { id: visibilityId } });
      if (deleted.count === 0) throw new PersonVisibilityNotFoundError();
      changes.audit('person_visibility.deleted', 'PersonVisibility', visibilityId);
    });
    return { id: visibilityId };
  }
}
