import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryView } from '../../queries/laboratory-view';
import type { LaboratoryInput } from '../laboratory-fields';

/** A company opens a laboratory branch (a provider only within its own company). */
export class RegisterLaboratoryCommand extends Command<LaboratoryView> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: LaboratoryInput,
  ) {
    super();
  }
}
