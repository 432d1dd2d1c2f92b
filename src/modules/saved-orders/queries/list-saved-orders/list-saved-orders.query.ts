import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { SavedOrder } from '../../../../contracts/saved-orders';
import type { Actor } from '../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../platform/http/envelope';
import { SAVED_ORDER_SELECT, toSavedOrderView } from '../../saved-order-view';

/** `POST /api/saved-order/search`: the signed-in person's saved orders, the latest saved first. */
export class ListSavedOrdersQuery extends Query<Page<ServerSide<SavedOrder>>> {
  constructor(
    readonly actor: Actor,
    readonly paging: Paging,
  ) {
    super();
  }
}

@QueryHandler(ListSavedOrdersQuery)
export class ListSavedOrdersHandler implements IQueryHandler<ListSavedOrdersQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, paging }: ListSavedOrdersQuery) {
    const where = { personId: actor.personId };
    return findPage(
      paging,
      async (window) => (await this.prisma.savedOrder.findMany({ where, select: SAVED_ORDER_SELECT, orderBy: [{ savedAt: 'desc' }, { id: 'desc' }], ...window })).map(toSavedOrderView),
      () => this.prisma.savedOrder.count({ where }),
    );
  }
}
