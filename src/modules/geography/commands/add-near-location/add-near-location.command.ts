import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { NearLocationInput, NearLocationView } from '../../near-location-view';

/** Makes a comuna near another, by hand: a search in `locationId` "with neighbours" shows `nearLocationId`'s laboratories. */
export class AddNearLocationCommand extends Command<NearLocationView> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: NearLocationInput,
  ) {
    super();
  }
}
