import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Retires an exam: it leaves every quote, and laboratories keep their prices for history. */
export class RetireExamCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly examId: number,
  ) {
    super();
  }
}
