import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { CATEGORY_VIEW_SELECT, toCategoryView } from '../../category-view';
import { CategoryNotFoundError, CategorySlugRaceError } from '../../products.errors';
import { assertCover, assertParent, freeSlug } from '../category-references';
import { UpdateCategoryCommand } from './update-category.command';

@CommandHandler(UpdateCategoryCommand)
export class UpdateCategoryHandler implements ICommandHandler<UpdateCategoryCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, categoryId, changes: input }: UpdateCategoryCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      if (!(await tx.category.findUnique({ where: { id: categoryId }, select: { id: true } }))) throw new CategoryNotFoundError();
      await assertParent(tx, categoryId, input.parentId);
      await assertCover(tx, input.coverFileId);
      const slug = input.name ? await freeSlug(tx, input.name, categoryId) : undefined;
      const row = await tx.category.update({ where: { id: categoryId }, data: { ...input, slug }, select: CATEGORY_VIEW_SELECT });
      changes.audit('category.updated', 'Category', categoryId, { fields: Object.keys(input).join(',') });
      return toCategoryView(row);
    }).catch((error: unknown) => {
      throw uniqueViolation(error)?.includes('slug') ? new CategorySlugRaceError() : error;
    });
  }
}
