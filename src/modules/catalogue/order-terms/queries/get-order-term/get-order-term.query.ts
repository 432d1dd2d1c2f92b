import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { OrderTerm } from '../../../../../contracts/order-terms';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { ORDER_TERM_SELECT, toOrderTerm } from '../../order-term-view';
import { OrderTermNotFoundError } from '../../order-terms.errors';

/** `GET /api/order-term/{id}`: a term with its exams in order. */
export class GetOrderTermQuery extends Query<ServerSide<OrderTerm>> {
  constructor(readonly termId: number) {
    super();
  }
}

@QueryHandler(GetOrderTermQuery)
export class GetOrderTermHandler implements IQueryHandler<GetOrderTermQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ termId }: GetOrderTermQuery) {
    const row = await this.prisma.orderTerm.findUnique({ where: { id: termId }, select: ORDER_TERM_SELECT });
    if (!row) throw new OrderTermNotFoundError();
    return toOrderTerm(this.prisma, row);
  }
}
