import { Command } from '@nestjs/cqrs';
import type { CategoryView } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { CategoryFields } from '../../http/categories.schemas';

/** Adds a product category (administrators). */
export class CreateCategoryCommand extends Command<ServerSide<CategoryView>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: CategoryFields,
  ) {
    super();
  }
}
