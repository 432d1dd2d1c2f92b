import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { hashPassword } from '../../../../platform/security/passwords';
import { registerFirstBranch } from '../../../catalogue/laboratories';
import { CompanyRutTakenError, registerPendingCompany } from '../../../companies';
import { ProviderRegistered } from '../../identity.events';
import { createAccount } from '../create-account';
import { ownerOfRegisteredEmail, rethrowTakenEmailAsSuccess } from '../registered-email';
import { SignUpProviderCommand } from './sign-up-provider.command';

@CommandHandler(SignUpProviderCommand)
export class SignUpProviderHandler implements ICommandHandler<SignUpProviderCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttles: Throttles,
  ) {}

  async execute({ company, account, ip }: SignUpProviderCommand) {
    await this.throttles.consume('signUpPerIp', ip);
    const passwordHash = await hashPassword(account.password);
    await this.uow
      .run(null, async (tx, changes) => {
        const owner = await ownerOfRegisteredEmail(tx, account.email);
        if (owner) return changes.record(owner);
        const companyId = await registerPendingCompany(tx, company);
        // The comuna is its first branch's: the branch starts there, for the provider to complete.
        if (company.comunaId !== undefined) await registerFirstBranch(tx, changes, { companyId, name: company.tradeName, comunaId: company.comunaId, addressLine: company.addressLine });
        const person = await createAccount(tx, { ...account, profile: 'PRV', companyId }, passwordHash);
        changes.record(ProviderRegistered({ userId: person.user!.id }));
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)?.includes('rut')) throw new CompanyRutTakenError();
        rethrowTakenEmailAsSuccess(error);
      });
    return { message: 'Recibimos la solicitud de tu laboratorio. Te avisaremos por correo cuando un administrador apruebe la empresa.' };
  }
}
