import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { hashPassword } from '../../../../platform/security/passwords';
import { EmailTakenError } from '../../identity.errors';
import { createAccount, emailTaken, rethrowAccountConflict } from '../create-account';
import { CreateAdministratorCommand } from './create-administrator.command';

@CommandHandler(CreateAdministratorCommand)
export class CreateAdministratorHandler implements ICommandHandler<CreateAdministratorCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, account }: CreateAdministratorCommand) {
    const passwordHash = await hashPassword(account.password);
    return this.uow
      .run(ctx, async (tx, changes) => {
        if (await emailTaken(tx, account.email)) throw new EmailTakenError();
        const person = await createAccount(tx, { ...account, profile: 'ADM' }, passwordHash);
        changes.audit('admin.created', 'Person', person.id, { email: account.email });
        return { personId: person.id };
      })
      .catch(rethrowAccountConflict);
  }
}
