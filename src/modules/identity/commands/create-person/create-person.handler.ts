import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { CompanyNotApprovedError, PENDING_COMPANY_CANNOT_INVITE, assertCompanyAccess } from '../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { invalidField } from '../../../../platform/http/app-error';
import { ProviderCreatesProvidersOnlyError } from '../../identity.errors';
import { AccountInvited, RegisteredEmailInvited } from '../../identity.events';
import { createAccount, rethrowAccountConflict } from '../create-account';
import { rethrowTakenEmailAsSuccess } from '../registered-email';
import { CreatePersonCommand } from './create-person.command';

const unknownCompany = () => invalidField('companyId', 'La empresa indicada no existe.');

@CommandHandler(CreatePersonCommand)
export class CreatePersonHandler implements ICommandHandler<CreatePersonCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttles: Throttles,
  ) {}

  async execute({ ctx, input }: CreatePersonCommand) {
    const { actor } = ctx;
    if (actor.profile !== 'ADM') {
      if (input.profileCode !== 'PRV') throw new ProviderCreatesProvidersOnlyError();
      if (input.companyId !== undefined) assertCompanyAccess(actor, input.companyId, unknownCompany);
    }
    const { profileCode, companyId: requested, ...account } = input;
    // A provider's users always belong to its company; only provider users belong to one.
    const companyId = profileCode !== 'PRV' ? undefined : actor.profile === 'ADM' ? requested : (actor.companyId ?? undefined);
    if (profileCode === 'PRV' && !companyId) throw invalidField('companyId', 'Un usuario proveedor debe pertenecer a una empresa.');
    // Limited per company and hour (outside a company, per administrator): an account cannot flood mailboxes.
    await this.throttles.consume('invitationsPerCompany', companyId ? `company:${companyId}` : `person:${actor.personId}`);
    // The same answer whether or not the e-mail had an account (docs/decisions.md, "Invitations reveal nothing").
    const answer = { email: account.email, message: `Enviamos la invitación a ${account.email}.` };
    await this.uow
      .run(ctx, async (tx, changes) => {
        const company = companyId ? await tx.company.findUnique({ where: { id: companyId }, select: { status: true } }) : null;
        if (companyId && !company) throw unknownCompany();
        // Until an administrator approves its company, a provider cannot invite anyone (an administrator still may).
        if (actor.profile !== 'ADM' && company?.status !== 'APPROVED') throw new CompanyNotApprovedError(PENDING_COMPANY_CANNOT_INVITE);
        const registered = await tx.user.findUnique({ where: { email: account.email }, select: { id: true } });
        if (registered) {
          changes.record(RegisteredEmailInvited({ userId: registered.id }));
          return;
        }
        const person = await createAccount(tx, { ...account, profile: profileCode, companyId });
        changes.record(AccountInvited({ userId: person.user!.id }));
        changes.audit('person.created', 'Person', person.id, { profile: profileCode, companyId: companyId ?? null });
      })
      .catch((error: unknown) => {
        rethrowTakenEmailAsSuccess(error); // lost a race for the e-mail: answers like anyone else
        return rethrowAccountConflict(error);
      });
    return answer;
  }
}
