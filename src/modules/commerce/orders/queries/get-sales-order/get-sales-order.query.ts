import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { SalesOrderView } from '../../../../../contracts/sales-orders';
import type { Actor } from '../../../../../platform/auth/actor';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { sameSecret } from '../../domain/order-codes';
import { SalesOrderNotFoundError } from '../../orders.errors';
import { toView, VIEW_SELECT, type ViewRow } from '../sales-order-view';
import { orderPreparation } from '../order-preparation';

/**
 * One order, for whoever may see it: its buyer (signed in), whoever holds its secret link (a
 * visitor has no account), an administrator, or a provider of its laboratory's company (within
 * its branch grants). Anyone else gets the answer of an id that does not exist.
 */
export class GetSalesOrderQuery extends Query<SalesOrderView> {
  constructor(
    readonly salesOrderId: number,
    readonly actor: Actor | undefined,
    readonly key: string | undefined,
  ) {
    super();
  }
}

/** The order row if this caller may see it; 404 otherwise (shared by the voucher's PDF). */
export async function visibleOrder(prisma: PrismaService, id: number, actor: Actor | undefined, key: string | undefined): Promise<{ row: ViewRow; owner: boolean; viaKey: boolean }> {
  const row = await prisma.salesOrder.findUnique({ where: { id }, select: VIEW_SELECT });
  if (!row) throw new SalesOrderNotFoundError();
  const owner = actor !== undefined && row.personId !== null && row.personId === actor.personId;
  const viaKey = sameSecret(key, row.accessKey);
  const admin = actor?.profile === 'ADM';
  const provider = actor?.profile === 'PRV' && actor.companyId === row.companyId && (!actor.laboratoryIds || actor.laboratoryIds.includes(row.laboratoryId));
  if (!owner && !viaKey && !admin && !provider) throw new SalesOrderNotFoundError();
  return { row, owner, viaKey };
}

@QueryHandler(GetSalesOrderQuery)
export class GetSalesOrderHandler implements IQueryHandler<GetSalesOrderQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ salesOrderId, actor, key }: GetSalesOrderQuery): Promise<SalesOrderView> {
    const { row, owner, viaKey } = await visibleOrder(this.prisma, salesOrderId, actor, key);
    const homeComuna = row.homeComunaId ? (await this.prisma.location.findUnique({ where: { id: row.homeComunaId }, select: { name: true } }))?.name ?? null : null;
    return toView(row, { homeComuna, showKey: owner || viaKey, actor, preparation: await orderPreparation(this.prisma, row.lines) });
  }
}
