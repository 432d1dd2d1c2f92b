import { Command } from '@nestjs/cqrs';
import type { PendingCompanyInput } from '../../../companies';
import type { SignUpAnswer } from '../sign-up/sign-up.command';
import type { AccountInput } from '../create-account';

/** A laboratory company and its first provider user; the company waits for an administrator's approval. */
export class SignUpProviderCommand extends Command<SignUpAnswer> {
  constructor(
    readonly company: PendingCompanyInput,
    readonly account: Omit<AccountInput, 'rut'> & { password: string },
    readonly ip: string,
  ) {
    super();
  }
}
