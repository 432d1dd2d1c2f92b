import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/** An administrator keeps an offer out of quotes, saying why (the provider reads it). */
export class RejectLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamId: number,
    readonly reason: string,
  ) {
    super();
  }
}
