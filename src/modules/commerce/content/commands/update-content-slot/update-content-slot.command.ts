import { Command } from '@nestjs/cqrs';
import type { ContentSlot } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { SlotKind } from '../../content-slot';
import type { SlotChanges } from '../../http/content.schemas';

/** Changes a banner or a slide: any subset of its fields (administrators). */
export class UpdateContentSlotCommand extends Command<ServerSide<ContentSlot>> {
  constructor(
    readonly ctx: CommandContext,
    readonly kind: SlotKind,
    readonly id: number,
    readonly changes: SlotChanges,
  ) {
    super();
  }
}
