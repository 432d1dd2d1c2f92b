import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { SlotKind } from '../../content-slot';

/** Removes a banner or a slide; its picture, unused, goes with the orphan sweep. */
export class DeleteContentSlotCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly kind: SlotKind,
    readonly id: number,
  ) {
    super();
  }
}
