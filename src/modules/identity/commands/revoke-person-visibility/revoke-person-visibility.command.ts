import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../contracts/envelope';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** An administrator removes a grant. */
export class RevokePersonVisibilityCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly visibilityId: number,
  ) {
    super();
  }
}
