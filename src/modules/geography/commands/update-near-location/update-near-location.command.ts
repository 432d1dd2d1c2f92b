import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { NearLocationInput, NearLocationView } from '../../near-location-view';

/** Changes a near-location pair (either comuna, or the distance); it becomes a hand-kept pair. */
export class UpdateNearLocationCommand extends Command<NearLocationView> {
  constructor(
    readonly ctx: CommandContext,
    readonly nearLocationId: number,
    readonly changes: Partial<NearLocationInput>,
  ) {
    super();
  }
}
