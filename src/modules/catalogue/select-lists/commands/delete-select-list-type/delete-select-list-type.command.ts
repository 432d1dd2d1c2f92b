import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Deletes a type with its values and the laboratory attributes that used them. */
export class DeleteSelectListTypeCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly typeId: number,
  ) {
    super();
  }
}
