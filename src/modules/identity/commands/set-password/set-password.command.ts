import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** An administrator sets the password of another account (e.g. a locked-out provider); its sessions close; audited. */
export class SetPasswordCommand extends Command<{ message: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly personId: number,
    readonly password: string,
  ) {
    super();
  }
}
