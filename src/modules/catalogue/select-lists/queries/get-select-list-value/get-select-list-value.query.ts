import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { SelectListChildDetail } from '../../../../../contracts/select-lists';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { SELECT_LIST_VALUE_DETAIL_SELECT } from '../../select-list-view';
import { SelectListValueNotFoundError } from '../../select-lists.errors';

/** `GET /api/select-list/{id}`: a value and its list. */
export class GetSelectListValueQuery extends Query<ServerSide<SelectListChildDetail>> {
  constructor(readonly valueId: number) {
    super();
  }
}

@QueryHandler(GetSelectListValueQuery)
export class GetSelectListValueHandler implements IQueryHandler<GetSelectListValueQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ valueId }: GetSelectListValueQuery) {
    const value = await this.prisma.selectListChild.findUnique({ where: { id: valueId }, select: SELECT_LIST_VALUE_DETAIL_SELECT });
    if (!value) throw new SelectListValueNotFoundError();
    return value;
  }
}
