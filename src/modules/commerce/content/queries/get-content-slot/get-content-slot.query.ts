import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentSlot } from '../../../../../contracts/commerce-catalogue';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { ContentSlotNotFoundError } from '../../content.errors';
import { SLOT_SELECT, slotTable, toContentSlot, type SlotKind } from '../../content-slot';

export class GetContentSlotQuery extends Query<ServerSide<ContentSlot>> {
  constructor(
    readonly kind: SlotKind,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetContentSlotQuery)
export class GetContentSlotHandler implements IQueryHandler<GetContentSlotQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ kind, id }: GetContentSlotQuery) {
    const row = await slotTable(this.prisma, kind).findUnique({ where: { id }, select: SLOT_SELECT });
    if (!row) throw new ContentSlotNotFoundError(kind);
    return toContentSlot(row);
  }
}
