import { Command } from '@nestjs/cqrs';
import type { SavedOrder, SaveOrderRequest } from '../../../../contracts/saved-orders';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** `POST /api/saved-order`: the signed-in person keeps the order of a quote ("Mis órdenes"). */
export class SaveOrderCommand extends Command<ServerSide<SavedOrder>> {
  constructor(
    readonly ctx: CommandContext,
    readonly order: SaveOrderRequest & { exams: number[] },
  ) {
    super();
  }
}
