import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { CannotDeleteOwnAccountError } from '../../identity.errors';
import { findVisiblePerson } from '../visible-person';
import { DeletePersonCommand } from './delete-person.command';

@CommandHandler(DeletePersonCommand)
export class DeletePersonHandler implements ICommandHandler<DeletePersonCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: Sessions,
  ) {}

  async execute({ ctx, personId }: DeletePersonCommand) {
    if (personId === ctx.actor.personId) throw new CannotDeleteOwnAccountError();
    await this.uow.run(ctx, async (tx, changes) => {
      const person = await findVisiblePerson(tx, ctx.actor, personId);
      await tx.person.update({ where: { id: personId }, data: { deletedAt: new Date() } });
      if (person.user) {
        await tx.user.update({ where: { personId }, data: { isActive: false } });
        await this.sessions.revokeAllOf(person.user.id, tx);
      }
      changes.audit('person.deleted', 'Person', personId);
    });
    return { id: personId };
  }
}
