import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { SelectListType } from '../../../../../contracts/select-lists';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { PUBLIC_SELECT_LIST_TYPE_SELECT, PUBLIC_SELECT_LIST_TYPES } from '../../select-list-view';

/**
 * `GET /api/select-list-type` (and the values of `GET /api/select-list`): the public and filter
 * types with their active values, as visitors see them; one page of up to 100.
 */
export class ListSelectListTypesQuery extends Query<Page<ServerSide<SelectListType>>> {}

@QueryHandler(ListSelectListTypesQuery)
export class ListSelectListTypesHandler implements IQueryHandler<ListSelectListTypesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute() {
    const orderBy = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }];
    return findPage(
      { currentPage: 1, perPage: 100 },
      (window) => this.prisma.selectListType.findMany({ where: PUBLIC_SELECT_LIST_TYPES, select: PUBLIC_SELECT_LIST_TYPE_SELECT, orderBy, ...window }),
      () => this.prisma.selectListType.count({ where: PUBLIC_SELECT_LIST_TYPES }),
    );
  }
}
