import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../platform/audit/audit';
import { ForbiddenError, type Actor } from '../../../platform/auth/actor';
import { Sessions } from '../../../platform/auth/sessions';
import { Throttles } from '../../../platform/auth/throttles';
import { PrismaService } from '../../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../../platform/http/app-error';
import { Outbox } from '../../../platform/messaging/outbox';
import { hashPassword, verifyPassword } from '../../../platform/security/passwords';
import { AccountEvent, userEvent } from '../account-events';
import { redeemResetToken } from '../password-resets';

const RECOVERY_ANSWER = { message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.' };

/**
 * "I forgot my password". The answer never tells whether the e-mail has an account: the request
 * is only recorded here, and the mail (with a single-use link) is composed by AccountMailsConsumer.
 */
export class RequestPasswordRecoveryCommand extends Command<typeof RECOVERY_ANSWER> {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordRecoveryCommand)
export class RequestPasswordRecoveryHandler implements ICommandHandler<RequestPasswordRecoveryCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ email, ip }: RequestPasswordRecoveryCommand) {
    await this.throttles.consume('recoveryPerIp', ip);
    await this.throttles.consume('recoveryPerAccount', email);
    await this.prisma.$transaction((tx) =>
      this.outbox.record(tx, [{ type: AccountEvent.PasswordRecoveryRequested, aggregateType: 'User', aggregateId: email, payload: { email } }]),
    );
    return RECOVERY_ANSWER;
  }
}

/** Sets a new password with the token of a recovery (or invitation) mail; every session closes. */
export class ResetPasswordCommand extends Command<{ message: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ token, password, ip }: ResetPasswordCommand) {
    await this.throttles.consume('resetPerIp', ip);
    const passwordHash = await hashPassword(password);
    await this.prisma.$transaction(async (tx) => {
      const userId = await redeemResetToken(tx, token);
      if (userId === null) throw new InvalidResetTokenError();
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await this.sessions.revokeAllOf(userId, tx);
      await this.outbox.record(tx, [userEvent(AccountEvent.PasswordChanged, userId)]);
    });
    return { message: 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.' };
  }
}

export class InvalidResetTokenError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'AUTH.RESET_TOKEN_INVALID', 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.');
  }
}

/** A signed-in person changes their password, knowing the current one; their other sessions close. */
export class ChangePasswordCommand extends Command<{ message: string }> {
  constructor(
    readonly actor: Actor,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ actor, currentPassword, newPassword }: ChangePasswordCommand) {
    const key = String(actor.userId);
    await this.throttles.check('passwordChangeFailuresPerAccount', key);
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { passwordHash: true } });
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await this.throttles.penalise('passwordChangeFailuresPerAccount', key);
      throw new AppError(HttpStatus.BAD_REQUEST, 'AUTH.WRONG_PASSWORD', 'La contraseña actual no es correcta.', { currentPassword: ['La contraseña actual no es correcta.'] });
    }
    if (currentPassword === newPassword) {
      throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { newPassword: ['La nueva contraseña debe ser distinta de la actual.'] });
    }
    const passwordHash = await hashPassword(newPassword);
    await this.prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: actor.userId }, data: { passwordHash } });
      await this.sessions.revokeAllOf(actor.userId, tx, actor.sessionId);
      await this.outbox.record(tx, [userEvent(AccountEvent.PasswordChanged, actor.userId)]);
    });
    await this.throttles.reset('passwordChangeFailuresPerAccount', key);
    return { message: 'Tu contraseña fue actualizada.' };
  }
}

/** An administrator sets the password of another account (e.g. a locked-out provider); audited. */
export class UpdatePasswordCommand extends Command<{ message: string }> {
  constructor(
    readonly actor: Actor,
    readonly personId: number,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(UpdatePasswordCommand)
export class UpdatePasswordHandler implements ICommandHandler<UpdatePasswordCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, personId, password, ip }: UpdatePasswordCommand) {
    if (personId === actor.personId) throw new ForbiddenError('Para cambiar tu propia contraseña usa "Cambiar contraseña".');
    const passwordHash = await hashPassword(password);
    await this.prisma.$transaction(async (tx) => {
      const user = await tx.user.findFirst({ where: { personId, person: { deletedAt: null } }, select: { id: true } });
      if (!user) throw new NotFoundError('PERSON.NOT_FOUND', 'La persona solicitada no existe.');
      await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
      await this.sessions.revokeAllOf(user.id, tx);
      await this.outbox.record(tx, [userEvent(AccountEvent.PasswordChanged, user.id)]);
      await recordAudit(tx, { actor, action: 'password.set_by_admin', entityType: 'Person', entityId: personId, ip });
    });
    return { message: 'La contraseña fue actualizada y se cerraron las sesiones de esa cuenta.' };
  }
}
