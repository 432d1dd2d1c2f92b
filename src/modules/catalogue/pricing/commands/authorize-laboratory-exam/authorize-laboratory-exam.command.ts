import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryExamView } from '../../queries/laboratory-exam-view';

/** An administrator lets an offer be quoted. */
export class AuthorizeLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamId: number,
  ) {
    super();
  }
}
