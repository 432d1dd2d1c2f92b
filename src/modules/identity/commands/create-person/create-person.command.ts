import { Command } from '@nestjs/cqrs';
import type { NewPersonInput, Person } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/**
 * An administrator creates an account of any profile; a provider creates provider users of its
 * own company. The new person sets a password from the invitation mail.
 */
export class CreatePersonCommand extends Command<ServerSide<Person>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: NewPersonInput,
  ) {
    super();
  }
}
