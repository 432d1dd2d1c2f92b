import { Command } from '@nestjs/cqrs';
import type { PersonVisibilityInput } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { PersonVisibilityView } from '../../person-visibility-view';

/** An administrator changes what a grant points to, or (de)activates it; the body replaces the grant. */
export class UpdatePersonVisibilityCommand extends Command<PersonVisibilityView> {
  constructor(
    readonly ctx: CommandContext,
    readonly visibilityId: number,
    readonly input: PersonVisibilityInput,
  ) {
    super();
  }
}
