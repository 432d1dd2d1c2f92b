import { Command } from '@nestjs/cqrs';
import type { PersonVisibilityInput } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { PersonVisibilityView } from '../../person-visibility-view';

/** An administrator lets a person see and manage a company or laboratory besides their own. */
export class GrantPersonVisibilityCommand extends Command<PersonVisibilityView> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: PersonVisibilityInput,
  ) {
    super();
  }
}
