import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { UfValue } from '../../../../../contracts/uf-values';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { UF_VALUE_SELECT, toUfValue } from '../../uf-value-view';
import { UfValueNotFoundError } from '../../uf-values.errors';

/** `GET /api/uf-value/{id}`: one value, for its form. */
export class GetUfValueQuery extends Query<ServerSide<UfValue>> {
  constructor(readonly ufValueId: number) {
    super();
  }
}

@QueryHandler(GetUfValueQuery)
export class GetUfValueHandler implements IQueryHandler<GetUfValueQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ ufValueId }: GetUfValueQuery) {
    const row = await this.prisma.ufValue.findUnique({ where: { id: ufValueId }, select: UF_VALUE_SELECT });
    if (!row) throw new UfValueNotFoundError();
    return toUfValue(row);
  }
}
