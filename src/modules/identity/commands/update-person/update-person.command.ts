import { Command } from '@nestjs/cqrs';
import type { Person, PersonChanges } from '../../../../contracts/persons';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** Contact data of a person: one's own (`POST /api/person/{id}` from /editar-datos), or as ADM/PRV. */
export class UpdatePersonCommand extends Command<ServerSide<Person>> {
  constructor(
    readonly ctx: CommandContext,
    readonly personId: number,
    readonly changes: PersonChanges,
  ) {
    super();
  }
}
