import { Command } from '@nestjs/cqrs';
import type { InvitationSent, NewPersonInput } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/**
 * An administrator creates an account of any profile; a provider creates provider users of its
 * own company. The new person sets a password from the invitation mail; an e-mail that already
 * has an account gets a notice instead, and the answer is the same.
 */
export class CreatePersonCommand extends Command<InvitationSent> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: NewPersonInput,
  ) {
    super();
  }
}
