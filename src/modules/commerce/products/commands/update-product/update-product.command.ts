import { Command } from '@nestjs/cqrs';
import type { ProductView } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { ProductChanges } from '../../http/products.schemas';

/** Changes a product: any subset of its fields (a provider, only its company's). */
export class UpdateProductCommand extends Command<ServerSide<ProductView>> {
  constructor(
    readonly ctx: CommandContext,
    readonly productId: number,
    readonly changes: ProductChanges,
  ) {
    super();
  }
}
