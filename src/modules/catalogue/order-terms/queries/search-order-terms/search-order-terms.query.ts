import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { OrderTerm, OrderTermSearchRequest } from '../../../../../contracts/order-terms';
import type { Prisma } from '../../../../../generated/prisma/client';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { foldTerm } from '../../../exams';
import { ORDER_TERM_SELECT, toOrderTerms } from '../../order-term-view';

export type OrderTermFilter = Omit<OrderTermSearchRequest, 'currentPage' | 'perPage'> & Paging;

type Direction = 'asc' | 'desc';

/** Column orders of the list; the id breaks ties so pages never overlap. */
const ORDER_BY = {
  term: (d: Direction) => [{ folded: d }, { id: d }],
  kind: (d: Direction) => [{ kind: d }, { folded: 'asc' }, { id: 'asc' }],
  updatedAt: (d: Direction) => [{ updatedAt: d }, { id: d }],
} as const satisfies Record<NonNullable<OrderTermFilter['orderBy']>, (d: Direction) => Prisma.OrderTermOrderByWithRelationInput[]>;

/** `POST /api/order-term/search`: the vocabulary for the back office, found by a part of the term as the reader folds it. */
export class SearchOrderTermsQuery extends Query<Page<ServerSide<OrderTerm>>> {
  constructor(readonly filter: OrderTermFilter) {
    super();
  }
}

@QueryHandler(SearchOrderTermsQuery)
export class SearchOrderTermsHandler implements IQueryHandler<SearchOrderTermsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchOrderTermsQuery) {
    const folded = filter.term ? foldTerm(filter.term) : '';
    const where: Prisma.OrderTermWhereInput = { ...(folded && { folded: { contains: folded } }), ...(filter.kind && { kind: filter.kind }) };
    const orderBy = ORDER_BY[filter.orderBy ?? 'term'](filter.orderSort ?? 'asc');
    const rows = await findPage(
      filter,
      (window) => this.prisma.orderTerm.findMany({ where, select: ORDER_TERM_SELECT, orderBy, ...window }),
      () => this.prisma.orderTerm.count({ where }),
    );
    return { ...rows, items: await toOrderTerms(this.prisma, rows.items) };
  }
}
