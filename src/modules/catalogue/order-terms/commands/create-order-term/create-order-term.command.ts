import { Command } from '@nestjs/cqrs';
import type { OrderTerm, OrderTermInput } from '../../../../../contracts/order-terms';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Adds a term to the order reader's vocabulary (administrators); the reader reads it on its next order. */
export class CreateOrderTermCommand extends Command<ServerSide<OrderTerm>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: OrderTermInput,
  ) {
    super();
  }
}
