import { Command } from '@nestjs/cqrs';
import type { OrderTerm, OrderTermInput } from '../../../../../contracts/order-terms';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Edits a term of the vocabulary: how it is written, its kind, its exams or its reason. */
export class UpdateOrderTermCommand extends Command<ServerSide<OrderTerm>> {
  constructor(
    readonly ctx: CommandContext,
    readonly termId: number,
    readonly changes: Partial<OrderTermInput>,
  ) {
    super();
  }
}
