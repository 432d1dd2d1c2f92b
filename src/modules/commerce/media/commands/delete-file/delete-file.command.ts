import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Deletes an uploaded file nothing uses any more (a provider: only its company's). */
export class DeleteFileCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly fileId: number,
  ) {
    super();
  }
}
