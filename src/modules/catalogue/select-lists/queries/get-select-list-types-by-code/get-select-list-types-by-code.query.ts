import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { SelectListType } from '../../../../../contracts/select-lists';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { PUBLIC_SELECT_LIST_TYPE_SELECT, PUBLIC_SELECT_LIST_TYPES } from '../../select-list-view';

/** `POST /api/select-list-types/code`: the public and filter types of these codes, with their active values. */
export class GetSelectListTypesByCodeQuery extends Query<Page<ServerSide<SelectListType>>> {
  constructor(
    readonly codes: string[],
    readonly paging: Paging,
  ) {
    super();
  }
}

@QueryHandler(GetSelectListTypesByCodeQuery)
export class GetSelectListTypesByCodeHandler implements IQueryHandler<GetSelectListTypesByCodeQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ codes, paging }: GetSelectListTypesByCodeQuery) {
    const where = { ...PUBLIC_SELECT_LIST_TYPES, ...(codes.length > 0 && { code: { in: codes } }) };
    const orderBy = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }];
    return findPage(
      paging,
      (window) => this.prisma.selectListType.findMany({ where, select: PUBLIC_SELECT_LIST_TYPE_SELECT, orderBy, ...window }),
      () => this.prisma.selectListType.count({ where }),
    );
  }
}
