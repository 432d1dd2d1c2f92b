import { Command } from '@nestjs/cqrs';
import type { AccountInput } from '../create-account';

export interface SignUpAnswer {
  message: string;
}

/**
 * A visitor creates an account (profile USR). The answer is the same whether or not the e-mail
 * was already registered; the owner of a registered e-mail gets a mail saying so instead.
 */
export class SignUpCommand extends Command<SignUpAnswer> {
  constructor(
    readonly account: Omit<AccountInput, 'rut'> & { password: string },
    readonly ip: string,
  ) {
    super();
  }
}
