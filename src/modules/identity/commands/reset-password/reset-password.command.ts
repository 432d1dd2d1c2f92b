import { Command } from '@nestjs/cqrs';

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
