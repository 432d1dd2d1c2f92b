import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/** A withdrawn offer is offered again at its last price. */
export class RestoreLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamId: number,
  ) {
    super();
  }
}
