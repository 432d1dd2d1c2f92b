import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentSlot, ContentSlotSearchRequest } from '../../../../../contracts/commerce-catalogue';
import type { Page } from '../../../../../contracts/envelope';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { SLOT_SELECT, liveWhere, slotTable, toContentSlot, type SlotKind } from '../../content-slot';

/** The back office's list of banners or slides (administrators). */
export class SearchContentSlotsQuery extends Query<ServerSide<Page<ContentSlot>>> {
  constructor(
    readonly kind: SlotKind,
    readonly filter: ContentSlotSearchRequest & { currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(SearchContentSlotsQuery)
export class SearchContentSlotsHandler implements IQueryHandler<SearchContentSlotsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ kind, filter }: SearchContentSlotsQuery) {
    const now = new Date();
    const table = slotTable(this.prisma, kind);
    const where = {
      ...(filter.term ? { title: { contains: filter.term, mode: 'insensitive' as const } } : {}),
      ...(filter.status === 'live' ? liveWhere(now) : filter.status === 'inactive' ? { NOT: liveWhere(now) } : {}),
    };
    const sort = filter.orderSort ?? 'asc';
    const orderBy = filter.orderBy === 'title' ? [{ title: sort }, { id: sort }] : filter.orderBy === 'startsAt' ? [{ startsAt: sort }, { id: sort }] : [{ sortOrder: sort }, { id: sort }];
    const result = await findPage(
      filter,
      (w) => table.findMany({ where, select: SLOT_SELECT, orderBy, ...w }),
      () => table.count({ where }),
    );
    return { ...result, items: result.items.map((row) => toContentSlot(row, now)) };
  }
}
