import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { hashPassword } from '../../../../platform/security/passwords';
import { OwnPasswordThroughChangeError, PersonNotFoundError } from '../../identity.errors';
import { PasswordChanged } from '../../identity.events';
import { SetPasswordCommand } from './set-password.command';

@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: Sessions,
  ) {}

  async execute({ ctx, personId, password }: SetPasswordCommand) {
    if (personId === ctx.actor.personId) throw new OwnPasswordThroughChangeError();
    const passwordHash = await hashPassword(password);
    await this.uow.run(ctx, async (tx, changes) => {
      const user = await tx.user.findFirst({ where: { personId, person: { deletedAt: null } }, select: { id: true } });
      if (!user) throw new PersonNotFoundError();
      await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
      await this.sessions.revokeAllOf(user.id, tx);
      changes.record(PasswordChanged({ userId: user.id }));
      changes.audit('password.set_by_admin', 'Person', personId);
    });
    return { message: 'La contraseña fue actualizada y se cerraron las sesiones de esa cuenta.' };
  }
}
