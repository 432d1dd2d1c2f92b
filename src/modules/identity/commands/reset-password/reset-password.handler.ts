import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { hashPassword } from '../../../../platform/security/passwords';
import { InvalidResetTokenError } from '../../identity.errors';
import { PasswordChanged } from '../../identity.events';
import { redeemResetToken } from '../../password-resets';
import { ResetPasswordCommand } from './reset-password.command';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: Sessions,
    private readonly throttles: Throttles,
  ) {}

  async execute({ token, password, ip }: ResetPasswordCommand) {
    await this.throttles.consume('resetPerIp', ip);
    const passwordHash = await hashPassword(password);
    await this.uow.run(null, async (tx, changes) => {
      const userId = await redeemResetToken(tx, token);
      if (userId === null) throw new InvalidResetTokenError();
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await this.sessions.revokeAllOf(userId, tx);
      changes.record(PasswordChanged({ userId }));
    });
    return { message: 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.' };
  }
}
