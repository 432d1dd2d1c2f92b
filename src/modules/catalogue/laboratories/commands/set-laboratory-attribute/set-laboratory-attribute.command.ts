import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { LaboratoryAttributeView } from '../../queries/laboratory-attribute-view';
import type { LaboratoryAttributeInput } from '../laboratory-attribute-rules';

/** Gives a laboratory an attribute (home collection, wheelchair access...): a list value or free text. */
export class SetLaboratoryAttributeCommand extends Command<LaboratoryAttributeView> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: LaboratoryAttributeInput,
  ) {
    super();
  }
}
