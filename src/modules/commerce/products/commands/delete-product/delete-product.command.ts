import { Command } from '@nestjs/cqrs';
import type { Removed } from '../../../../../contracts/envelope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/**
 * Deletes a product (a provider, only its company's). Orders already placed keep what was bought:
 * their lines are snapshots (code, name, price) and only lose the link.
 */
export class DeleteProductCommand extends Command<Removed> {
  constructor(
    readonly ctx: CommandContext,
    readonly productId: number,
  ) {
    super();
  }
}
