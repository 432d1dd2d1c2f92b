import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { SelectListType } from '../../../../../contracts/select-lists';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { SELECT_LIST_TYPE_SELECT } from '../../select-list-view';
import { SelectListTypeNotFoundError } from '../../select-lists.errors';

/** `GET /api/select-list-type/{id}`: a type with all its values. */
export class GetSelectListTypeQuery extends Query<ServerSide<SelectListType>> {
  constructor(readonly typeId: number) {
    super();
  }
}

@QueryHandler(GetSelectListTypeQuery)
export class GetSelectListTypeHandler implements IQueryHandler<GetSelectListTypeQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ typeId }: GetSelectListTypeQuery) {
    const type = await this.prisma.selectListType.findUnique({ where: { id: typeId }, select: SELECT_LIST_TYPE_SELECT });
    if (!type) throw new SelectListTypeNotFoundError();
    return type;
  }
}
