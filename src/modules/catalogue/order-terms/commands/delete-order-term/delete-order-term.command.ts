import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Takes a term out of the vocabulary: the reader reads its lines as any other text from then on. */
export class DeleteOrderTermCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly termId: number,
  ) {
    super();
  }
}
