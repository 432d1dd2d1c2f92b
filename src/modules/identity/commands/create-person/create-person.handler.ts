import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertCompanyAccess } from '../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { invalidField } from '../../../../platform/http/app-error';
import { EmailTakenError, ProviderCreatesProvidersOnlyError } from '../../identity.errors';
import { AccountInvited } from '../../identity.events';
import { PERSON_SELECT, toPersonView } from '../../person-view';
import { createAccount, emailTaken, rethrowAccountConflict } from '../create-account';
import { CreatePersonCommand } from './create-person.command';

@CommandHandler(CreatePersonCommand)
export class CreatePersonHandler implements ICommandHandler<CreatePersonCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreatePersonCommand) {
    const { actor } = ctx;
    if (actor.profile !== 'ADM') {
      if (input.profileCode !== 'PRV') throw new ProviderCreatesProvidersOnlyError();
      if (input.companyId !== undefined) assertCompanyAccess(actor, input.companyId);
    }
    const { profileCode, companyId: requested, ...account } = input;
    // A provider's users always belong to its company; only provider users belong to one.
    const companyId = profileCode !== 'PRV' ? undefined : actor.profile === 'ADM' ? requested : (actor.companyId ?? undefined);
    if (profileCode === 'PRV' && !companyId) throw invalidField('companyId', 'Un usuario proveedor debe pertenecer a una empresa.');
    return this.uow
      .run(ctx, async (tx, changes) => {
        if (companyId && !(await tx.company.findUnique({ where: { id: companyId }, select: { id: true } }))) throw invalidField('companyId', 'La empresa indicada no existe.');
        if (await emailTaken(tx, account.email)) throw new EmailTakenError();
        const person = await createAccount(tx, { ...account, profile: profileCode, companyId });
        changes.record(AccountInvited({ userId: person.user!.id }));
        changes.audit('person.created', 'Person', person.id, { profile: profileCode, companyId: companyId ?? null });
        return toPersonView(await tx.person.findUniqueOrThrow({ where: { id: person.id }, select: PERSON_SELECT }));
      })
      .catch(rethrowAccountConflict);
  }
}
