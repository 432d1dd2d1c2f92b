import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';
import type { PersonChanges } from '../../../../contracts/persons';
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
        await assertSearchDefaults(tx, input);
        const person = await tx.person.update({ where: { id: personId }, data: input, select: PERSON_SELECT });
        // One's own contact data is not an administrative action.
        if (personId !== ctx.actor.personId) changes.audit('person.updated', 'Person', personId, { fields: Object.keys(input).join(',') });
        return toPersonView(person);
      })
      .catch(rethrowAccountConflict);
  }
}

/** The previsión and the comuna a profile keeps must exist (an active insurer, a comuna): one 400 naming each. */
async function assertSearchDefaults(tx: Tx, input: PersonChanges): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.insurerId && !(await tx.insurer.findFirst({ where: { id: input.insurerId, isActive: true }, select: { id: true } }))) errors.insurerId = ['La previsión indicada no existe.'];
  if (input.comunaId && !(await tx.location.findFirst({ where: { id: input.comunaId, kind: 'COMUNA' }, select: { id: true } }))) errors.comunaId = ['La comuna indicada no existe.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
