import { Command } from '@nestjs/cqrs';
import type { Person } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** Gives a deactivated account its sign-in back (a deactivation by mistake is undone, not re-invited). */
export class ReactivatePersonCommand extends Command<ServerSide<Person>> {
  constructor(
    readonly ctx: CommandContext,
    readonly personId: number,
  ) {
    super();
  }
}
