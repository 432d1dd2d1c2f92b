import { Command } from '@nestjs/cqrs';
import type { ProductView } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { ProductFields } from '../../http/products.schemas';

/** Puts a package of exams on sale at a branch (an administrator anywhere, a provider at its own branches). */
export class CreateProductCommand extends Command<ServerSide<ProductView>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: ProductFields,
  ) {
    super();
  }
}
