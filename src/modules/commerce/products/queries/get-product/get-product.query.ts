import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ProductView } from '../../../../../contracts/commerce-catalogue';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { PRODUCT_VIEW_SELECT, toProductView } from '../../product-view';
import { ProductNotFoundError } from '../../products.errors';
import { audienceWhere, type ProductAudience } from '../product-audience';

/** One product, if the audience may see it (anything else answers like a missing id: 404). */
export class GetProductQuery extends Query<ServerSide<ProductView>> {
  constructor(
    readonly audience: ProductAudience,
    readonly productId: number,
  ) {
    super();
  }
}

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ audience, productId }: GetProductQuery) {
    const row = await this.prisma.product.findFirst({ where: { id: productId, ...audienceWhere(audience, 'all') }, select: PRODUCT_VIEW_SELECT });
    if (!row) throw new ProductNotFoundError();
    return toProductView(row);
  }
}
