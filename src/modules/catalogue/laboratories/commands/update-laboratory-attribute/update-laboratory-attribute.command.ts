import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryAttributeView } from '../../queries/laboratory-attribute-view';
import type { LaboratoryAttributeInput } from '../laboratory-attribute-rules';

/** Changes a laboratory attribute's value (or list, or laboratory); what is left out stays. */
export class UpdateLaboratoryAttributeCommand extends Command<LaboratoryAttributeView> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryAttributeId: number,
    readonly changes: Partial<LaboratoryAttributeInput>,
  ) {
    super();
  }
}
