import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { SelectListType, SelectListTypeSearchRequest } from '../../../../../contracts/select-lists';
import type { Prisma } from '../../../../../generated/prisma/client';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { SELECT_LIST_TYPE_SELECT } from '../../select-list-view';

export type SelectListTypeFilter = Omit<SelectListTypeSearchRequest, 'currentPage' | 'perPage'> & Paging;

type Direction = 'asc' | 'desc';

/** Column orders of the list; the id breaks ties so pages never overlap. */
const ORDER_BY = {
  name: (d: Direction) => [{ name: d }, { id: d }],
  code: (d: Direction) => [{ code: d }],
  sortOrder: (d: Direction) => [{ sortOrder: d }, { name: d }, { id: d }],
} as const satisfies Record<NonNullable<SelectListTypeFilter['orderBy']>, (d: Direction) => Prisma.SelectListTypeOrderByWithRelationInput[]>;

/** `POST /api/select-list-type/search`: every type with all its values, for the back office. */
export class SearchSelectListTypesQuery extends Query<Page<ServerSide<SelectListType>>> {
  constructor(readonly filter: SelectListTypeFilter) {
    super();
  }
}

@QueryHandler(SearchSelectListTypesQuery)
export class SearchSelectListTypesHandler implements IQueryHandler<SearchSelectListTypesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ filter }: SearchSelectListTypesQuery) {
    const where: Prisma.SelectListTypeWhereInput = filter.name ? { name: { contains: filter.name, mode: 'insensitive' } } : {};
    const orderBy = ORDER_BY[filter.orderBy ?? 'sortOrder'](filter.orderSort ?? 'asc');
    return findPage(
      filter,
      (window) => this.prisma.selectListType.findMany({ where, select: SELECT_LIST_TYPE_SELECT, orderBy, ...window }),
      () => this.prisma.selectListType.count({ where }),
    );
  }
}
