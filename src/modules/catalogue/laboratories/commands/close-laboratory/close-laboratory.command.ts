import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Closes a branch: it leaves search at once; its data and prices stay for history. */
export class CloseLaboratoryCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryId: number,
  ) {
    super();
  }
}
