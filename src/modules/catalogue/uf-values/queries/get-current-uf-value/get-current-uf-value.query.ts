import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CurrentUfValue } from '../../../../../contracts/uf-values';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { latestUfValue } from '../../current-uf-value';

/** `GET /api/uf-value`: the UF valid today in Chile, for anyone (the storefront shows a cap in UF in pesos). */
export class GetCurrentUfValueQuery extends Query<CurrentUfValue> {}

@QueryHandler(GetCurrentUfValueQuery)
export class GetCurrentUfValueHandler implements IQueryHandler<GetCurrentUfValueQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute(): Promise<CurrentUfValue> {
    return { current: await latestUfValue(this.prisma) };
  }
}
