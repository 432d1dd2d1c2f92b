import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { hashPassword, verifyPassword } from '../../../../platform/security/passwords';
import { WrongPasswordError } from '../../identity.errors';
import { PasswordChanged } from '../../identity.events';
import { ChangePasswordCommand } from './change-password.command';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly uow: UnitOfWork,
    private readonly sessions: Sessions,
    private readonly throttles: Throttles,
  ) {}

  async execute({ actor, currentPassword, newPassword }: ChangePasswordCommand) {
    const key = String(actor.userId);
    await this.throttles.check('passwordChangeFailuresPerAccount', key);
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { passwordHash: true } });
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await this.throttles.penalise('passwordChangeFailuresPerAccount', key);
      throw new WrongPasswordError();
    }
    if (currentPassword === newPassword) throw invalidField('newPassword', 'La nueva contraseña debe ser distinta de la actual.');
    const passwordHash = await hashPassword(newPassword);
    await this.uow.run(null, async (tx, changes) => {
      await tx.user.update({ where: { id: actor.userId }, data: { passwordHash } });
      await this.sessions.revokeAllOf(actor.userId, tx, actor.sessionId);
      changes.record(PasswordChanged({ userId: actor.userId }));
    });
    await this.throttles.reset('passwordChangeFailuresPerAccount', key);
    return { message: 'Tu contraseña fue actualizada.' };
  }
}
