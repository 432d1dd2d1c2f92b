import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { AccountInput } from '../create-account';

/** An administrator creates another administrator, with the password they chose for it; audited. */
export class CreateAdministratorCommand extends Command<{ personId: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly account: AccountInput & { password: string },
  ) {
    super();
  }
}
