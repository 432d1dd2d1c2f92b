import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/** Reprices an offer; the history keeps every change. */
export class SetLaboratoryExamPriceCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamId: number,
    readonly price: number,
  ) {
    super();
  }
}
