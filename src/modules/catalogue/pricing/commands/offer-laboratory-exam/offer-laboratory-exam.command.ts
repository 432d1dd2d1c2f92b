import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/**
 * A laboratory offers an exam at a price. When it already offers it, this reprices it (and
 * offers it again if it was withdrawn): "my price for this exam is N" means the same either way.
 */
export class OfferLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryId: number,
    readonly examId: number,
    readonly price: number,
  ) {
    super();
  }
}
