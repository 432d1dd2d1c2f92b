import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Deletes a value of a select list, and the laboratory attributes that held it. */
export class DeleteSelectListValueCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly valueId: number,
  ) {
    super();
  }
}
