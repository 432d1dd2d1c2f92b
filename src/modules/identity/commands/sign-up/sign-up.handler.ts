import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { hashPassword } from '../../../../platform/security/passwords';
import { AccountRegistered } from '../../identity.events';
import { createAccount } from '../create-account';
import { ownerOfRegisteredEmail, rethrowTakenEmailAsSuccess } from '../registered-email';
import { SignUpCommand } from './sign-up.command';

@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttles: Throttles,
  ) {}

  async execute({ account, ip }: SignUpCommand) {
    await this.throttles.consume('signUpPerIp', ip);
    // Hashing first, for both outcomes, keeps their timing alike.
    const passwordHash = await hashPassword(account.password);
    await this.uow
      .run(null, async (tx, changes) => {
        const owner = await ownerOfRegisteredEmail(tx, account.email);
        if (owner) return changes.record(owner);
        const person = await createAccount(tx, { ...account, profile: 'USR' }, passwordHash);
        changes.record(AccountRegistered({ userId: person.user!.id }));
      })
      .catch(rethrowTakenEmailAsSuccess);
    return { message: 'Te enviamos un correo con los datos de tu cuenta. Ya puedes iniciar sesión.' };
  }
}
