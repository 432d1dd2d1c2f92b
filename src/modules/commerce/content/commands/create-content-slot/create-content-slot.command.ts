import { Command } from '@nestjs/cqrs';
import type { ContentSlot } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { SlotKind } from '../../content-slot';
import type { SlotInput } from '../../http/content.schemas';

/** Adds a banner or a slide to the home page (administrators). */
export class CreateContentSlotCommand extends Command<ServerSide<ContentSlot>> {
  constructor(
    readonly ctx: CommandContext,
    readonly kind: SlotKind,
    readonly input: SlotInput,
  ) {
    super();
  }
}
