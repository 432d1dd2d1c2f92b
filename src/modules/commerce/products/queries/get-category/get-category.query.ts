import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CategoryView } from '../../../../../contracts/commerce-catalogue';
import { isAdmin, type Actor } from '../../../../../platform/auth/actor';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { CATEGORY_VIEW_SELECT, toCategoryView } from '../../category-view';
import { CategoryNotFoundError } from '../../products.errors';

/** One category; an inactive one exists only for administrators. */
export class GetCategoryQuery extends Query<ServerSide<CategoryView>> {
  constructor(
    readonly actor: Actor | undefined,
    readonly categoryId: number,
  ) {
    super();
  }
}

@QueryHandler(GetCategoryQuery)
export class GetCategoryHandler implements IQueryHandler<GetCategoryQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, categoryId }: GetCategoryQuery) {
    const row = await this.prisma.category.findFirst({ where: { id: categoryId, ...(isAdmin(actor) ? {} : { isActive: true }) }, select: CATEGORY_VIEW_SELECT });
    if (!row) throw new CategoryNotFoundError();
    return toCategoryView(row);
  }
}
