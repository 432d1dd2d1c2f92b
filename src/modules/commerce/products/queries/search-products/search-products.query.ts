import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ProductView } from '../../../../../contracts/commerce-catalogue';
import type { Page } from '../../../../../contracts/envelope';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { ProductFilter } from '../../http/products.schemas';
import { offerActiveWhere } from '../../product-pricing';
import { PRODUCT_VIEW_SELECT, toProductView } from '../../product-view';
import { audienceWhere, type ProductAudience } from '../product-audience';

/**
 * Products for a list: the storefront's general, offers (offer price applies today) and new lists,
 * or a back office's (all for an administrator, its company's for a provider).
 */
export class SearchProductsQuery extends Query<ServerSide<Page<ProductView>>> {
  constructor(
    readonly audience: ProductAudience,
    readonly filter: ProductFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchProductsQuery)
export class SearchProductsHandler implements IQueryHandler<SearchProductsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ audience, filter }: SearchProductsQuery) {
    const now = new Date();
    const term = filter.term
      ? { OR: [{ name: { contains: filter.term, mode: 'insensitive' as const } }, { code: { contains: filter.term, mode: 'insensitive' as const } }, { exams: { some: { exam: { name: { contains: filter.term, mode: 'insensitive' as const } } } } }] }
      : {};
    const where = {
      AND: [
        audienceWhere(audience, filter.status),
        term,
        filter.categoryId ? { categoryId: filter.categoryId } : {},
        filter.laboratoryId ? { laboratoryId: filter.laboratoryId } : {},
        filter.list === 'offers' ? offerActiveWhere(now) : filter.list === 'new' ? { isNew: true } : {},
      ],
    };
    // The storefront's default puts the newest first; a back office's lists by name.
    const sort = filter.orderSort ?? (filter.orderBy || audience.kind === 'manage' ? 'asc' : 'desc');
    const column = filter.orderBy ?? (audience.kind === 'manage' ? 'name' : 'updatedAt');
    const orderBy = [{ [column]: sort }, { id: sort }];
    const result = await findPage(
      filter,
      (w) => this.prisma.product.findMany({ where, select: PRODUCT_VIEW_SELECT, orderBy, ...w }),
      () => this.prisma.product.count({ where }),
    );
    return { ...result, items: result.items.map((row) => toProductView(row, now)) };
  }
}
