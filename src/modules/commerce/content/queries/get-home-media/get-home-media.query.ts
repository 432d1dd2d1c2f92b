import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { HomeMedia } from '../../../../../contracts/commerce-catalogue';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { SLOT_SELECT, liveWhere, slotTable, toContentSlot } from '../../content-slot';

/** A home page shows a handful; more would only slow it. */
const MAX_PER_KIND = 8;

/** `GET /api/media`: the banners and slides live now, in their order (public). */
export class GetHomeMediaQuery extends Query<ServerSide<HomeMedia>> {}

@QueryHandler(GetHomeMediaQuery)
export class GetHomeMediaHandler implements IQueryHandler<GetHomeMediaQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute() {
    const now = new Date();
    const read = (kind: 'banner' | 'slider') =>
      slotTable(this.prisma, kind).findMany({ where: liveWhere(now), select: SLOT_SELECT, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], take: MAX_PER_KIND });
    const [banners, sliders] = await Promise.all([read('banner'), read('slider')]);
    return { banners: banners.map((r) => toContentSlot(r, now)), sliders: sliders.map((r) => toContentSlot(r, now)) };
  }
}
