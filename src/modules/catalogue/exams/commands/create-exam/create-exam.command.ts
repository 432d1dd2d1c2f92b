import { Command } from '@nestjs/cqrs';
import type { ExamDetail, ExamInput } from '../../../../../contracts/exams';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Adds an exam to the catalogue (administrators). */
export class CreateExamCommand extends Command<ServerSide<ExamDetail>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: ExamInput,
  ) {
    super();
  }
}
