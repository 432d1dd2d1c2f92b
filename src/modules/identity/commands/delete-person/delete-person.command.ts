import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../contracts/envelope';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** Removes an account: the person is kept for history (orders, audit), can no longer sign in, and every session closes. */
export class DeletePersonCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly personId: number,
  ) {
    super();
  }
}
