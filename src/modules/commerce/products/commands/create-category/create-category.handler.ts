import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { CategorySlugRaceError } from '../../products.errors';
import { CATEGORY_VIEW_SELECT, toCategoryView } from '../../category-view';
import { assertCover, assertParent, freeSlug } from '../category-references';
import { CreateCategoryCommand } from './create-category.command';

@CommandHandler(CreateCategoryCommand)
export class CreateCategoryHandler implements ICommandHandler<CreateCategoryCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateCategoryCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await assertParent(tx, null, input.parentId);
      await assertCover(tx, input.coverFileId);
      const row = await tx.category.create({ data: { ...input, slug: await freeSlug(tx, input.name, null) }, select: CATEGORY_VIEW_SELECT });
      changes.audit('category.created', 'Category', row.id);
      return toCategoryView(row);
    }).catch((error: unknown) => {
      throw uniqueViolation(error)?.includes('slug') ? new CategorySlugRaceError() : error;
    });
  }
}
