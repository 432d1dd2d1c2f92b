import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryView } from '../../queries/laboratory-view';
import type { LaboratoryInput } from '../laboratory-fields';

/** Edits a branch's data or insurers; a provider only its own company's branches. */
export class UpdateLaboratoryCommand extends Command<LaboratoryView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryId: number,
    readonly changes: Partial<LaboratoryInput>,
  ) {
    super();
  }
}
