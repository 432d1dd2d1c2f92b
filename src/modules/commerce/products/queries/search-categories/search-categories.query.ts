import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CategorySearchRequest, CategoryView } from '../../../../../contracts/commerce-catalogue';
import type { Page } from '../../../../../contracts/envelope';
import { isAdmin, type Actor } from '../../../../../platform/auth/actor';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { CATEGORY_VIEW_SELECT, toCategoryView } from '../../category-view';

/** Categories: the storefront and providers see the active ones; an administrator any (status filter). */
export class SearchCategoriesQuery extends Query<ServerSide<Page<CategoryView>>> {
  constructor(
    readonly actor: Actor | undefined,
    readonly filter: CategorySearchRequest & { currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(SearchCategoriesQuery)
export class SearchCategoriesHandler implements IQueryHandler<SearchCategoriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchCategoriesQuery) {
    const status = isAdmin(actor) ? (filter.status ?? 'all') : 'active';
    const where = {
      ...(filter.term ? { name: { contains: filter.term, mode: 'insensitive' as const } } : {}),
      ...(status === 'active' ? { isActive: true } : status === 'inactive' ? { isActive: false } : {}),
    };
    const sort = filter.orderSort ?? 'asc';
    const orderBy = filter.orderBy === 'name' ? [{ name: sort }, { id: sort }] : [{ sortOrder: sort }, { name: sort }, { id: sort }];
    const result = await findPage(
      filter,
      (w) => this.prisma.category.findMany({ where, select: CATEGORY_VIEW_SELECT, orderBy, ...w }),
      () => this.prisma.category.count({ where }),
    );
    return { ...result, items: result.items.map(toCategoryView) };
  }
}
