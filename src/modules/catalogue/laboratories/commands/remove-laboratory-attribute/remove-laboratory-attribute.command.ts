import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** Takes an attribute off a laboratory. */
export class RemoveLaboratoryAttributeCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryAttributeId: number,
  ) {
    super();
  }
}
