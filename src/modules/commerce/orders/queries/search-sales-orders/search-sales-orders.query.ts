import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { SalesOrderStatus, SalesOrderSummary } from '../../../../../contracts/sales-orders';
import type { Prisma } from '../../../../../generated/prisma/client';
import type { Actor } from '../../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { SUMMARY_SELECT, toSummary } from '../sales-order-view';

export interface SalesOrderFilter {
  currentPage: number;
  perPage: number;
  status?: SalesOrderStatus;
  /** The voucher code (as read from the QR or typed), a buyer's name, e-mail or RUT. */
  term?: string;
  laboratoryId?: number;
  orderBy?: 'createdAt' | 'total' | 'number';
  orderSort?: 'asc' | 'desc';
}

/**
 * Orders a caller may list: an administrator every order; a provider its company's (within its
 * branch grants); a visitor account its own (the /panel).
 */
export class SearchSalesOrdersQuery extends Query<Page<SalesOrderSummary>> {
  constructor(
    readonly actor: Actor,
    readonly filter: SalesOrderFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchSalesOrdersQuery)
export class SearchSalesOrdersHandler implements IQueryHandler<SearchSalesOrdersQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, filter }: SearchSalesOrdersQuery): Promise<Page<SalesOrderSummary>> {
    const scope: Prisma.SalesOrderWhereInput = actor.profile === 'USR' ? { personId: actor.personId } : { laboratory: laboratoryScope(actor) };
    const term = filter.term?.trim();
    const where: Prisma.SalesOrderWhereInput = {
      ...scope,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.laboratoryId ? { laboratoryId: filter.laboratoryId } : {}),
      ...(term
        ? {
            OR: [
              { number: { contains: term.toUpperCase() } },
              { email: { contains: term, mode: 'insensitive' } },
              { rut: { contains: term } },
              { lastName: { contains: term, mode: 'insensitive' } },
              { firstName: { contains: term, mode: 'insensitive' } },
            ],
          }
        : {}),
    };
    const orderBy = { [filter.orderBy ?? 'createdAt']: filter.orderSort ?? 'desc' } as Prisma.SalesOrderOrderByWithRelationInput;
    return findPage(
      filter,
      async (window) => (await this.prisma.salesOrder.findMany({ where, select: SUMMARY_SELECT, orderBy: [orderBy, { id: 'desc' }], ...window })).map(toSummary),
      () => this.prisma.salesOrder.count({ where }),
    );
  }
}
