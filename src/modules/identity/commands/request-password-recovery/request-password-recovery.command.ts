import { Command } from '@nestjs/cqrs';

export const RECOVERY_ANSWER = { message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.' };

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
