import { Command } from '@nestjs/cqrs';
import type { CategoryView } from '../../../../../contracts/commerce-catalogue';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { CategoryChanges } from '../../http/categories.schemas';

/** Changes a category: any subset of its fields (administrators). */
export class UpdateCategoryCommand extends Command<ServerSide<CategoryView>> {
  constructor(
    readonly ctx: CommandContext,
    readonly categoryId: number,
    readonly changes: CategoryChanges,
  ) {
    super();
  }
}
