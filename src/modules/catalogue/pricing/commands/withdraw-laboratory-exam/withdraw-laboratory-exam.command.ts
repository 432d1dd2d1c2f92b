import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/** The laboratory stops offering an exam; the history stays. */
export class WithdrawLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamId: number,
  ) {
    super();
  }
}
