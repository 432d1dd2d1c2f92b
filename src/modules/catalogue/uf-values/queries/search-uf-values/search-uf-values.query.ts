import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { UfValue } from '../../../../../contracts/uf-values';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { UfValueFilter } from '../../http/uf-values.schemas';
import { UF_VALUE_SELECT, toUfValue } from '../../uf-value-view';

/** `POST /api/uf-value/search`: the values kept, newest day first unless asked otherwise (one row per day: no ties). */
export class SearchUfValuesQuery extends Query<Page<ServerSide<UfValue>>> {
  constructor(readonly filter: UfValueFilter) {
    super();
  }
}

@QueryHandler(SearchUfValuesQuery)
export class SearchUfValuesHandler implements IQueryHandler<SearchUfValuesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchUfValuesQuery) {
    const orderBy = { validOn: filter.orderSort ?? 'desc' } as const;
    const rows = await findPage(
      filter,
      (window) => this.prisma.ufValue.findMany({ select: UF_VALUE_SELECT, orderBy, ...window }),
      () => this.prisma.ufValue.count(),
    );
    return { ...rows, items: rows.items.map(toUfValue) };
  }
}
