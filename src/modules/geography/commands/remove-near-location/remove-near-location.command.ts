import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../contracts/envelope';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** A comuna is no longer near another: searches "with neighbours" stop showing its laboratories. */
export class RemoveNearLocationCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly nearLocationId: number,
  ) {
    super();
  }
}
