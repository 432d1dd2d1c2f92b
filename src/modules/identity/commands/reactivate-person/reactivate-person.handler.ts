import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PERSON_SELECT, toPersonView } from '../../person-view';
import { findVisiblePerson } from '../visible-person';
import { ReactivatePersonCommand } from './reactivate-person.command';

@CommandHandler(ReactivatePersonCommand)
export class ReactivatePersonHandler implements ICommandHandler<ReactivatePersonCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, personId }: ReactivatePersonCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const person = await findVisiblePerson(tx, ctx.actor, personId, 'any');
      // Reactivating an active account is a repeat of the same request: nothing to record.
      if (person.deletedAt) {
        await tx.person.update({ where: { id: personId }, data: { deletedAt: null } });
        if (person.user) await tx.user.update({ where: { personId }, data: { isActive: true } });
        changes.audit('person.reactivated', 'Person', personId);
      }
      return toPersonView(await tx.person.findUniqueOrThrow({ where: { id: personId }, select: PERSON_SELECT }));
    });
  }
}
