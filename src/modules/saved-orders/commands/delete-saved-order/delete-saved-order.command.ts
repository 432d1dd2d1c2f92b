import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** `DELETE /api/saved-order/{id}`: the person lets one of their saved orders go. */
export class DeleteSavedOrderCommand extends Command<{ id: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly savedOrderId: number,
  ) {
    super();
  }
}
