import { Command } from '@nestjs/cqrs';
import type { ExamDetail, ExamInput } from '../../../../../contracts/exams';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Edits an exam of the catalogue; every laboratory offering it shows the change in quotes. */
export class UpdateExamCommand extends Command<ServerSide<ExamDetail>> {
  constructor(
    readonly ctx: CommandContext,
    readonly examId: number,
    readonly changes: Partial<ExamInput>,
  ) {
    super();
  }
}
