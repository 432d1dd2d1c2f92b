import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PERSON_SELECT, toPersonView } from '../../person-view';
import { rethrowAccountConflict } from '../create-account';
import { findVisiblePerson } from '../visible-person';
import { UpdatePersonCommand } from './update-person.command';

@CommandHandler(UpdatePersonCommand)
export class UpdatePersonHandler implements ICommandHandler<UpdatePersonCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, personId, changes: input }: UpdatePersonCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        await findVisiblePerson(tx, ctx.actor, personId);
        const person = await tx.person.update({ where: { id: personId }, data: input, select: PERSON_SELECT });
        // One's own contact data is not an administrative action.
        if (personId !== ctx.actor.personId) changes.audit('person.updated', 'Person', personId, { fields: Object.keys(input).join(',') });
        return toPersonView(person);
      })
      .catch(rethrowAccountConflict);
  }
}
