import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Company, CompanySearchRequest } from '../../../../contracts/companies';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { companyScope } from '../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../platform/http/envelope';
import { COMPANY_SELECT, toCompanyView } from '../../company-view';

export type CompanyFilter = Omit<CompanySearchRequest, 'currentPage' | 'perPage'> & Paging;

/** `POST /api/company/search`: every company for an administrator, only its own for a provider; `orderBy` tradeName (default), rut, status or createdAt. */
export class SearchCompaniesQuery extends Query<Page<ServerSide<Company>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: CompanyFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchCompaniesQuery)
export class SearchCompaniesHandler implements IQueryHandler<SearchCompaniesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchCompaniesQuery) {
    const { companyId } = companyScope(actor);
    const where: Prisma.CompanyWhereInput = {
      ...(companyId !== undefined && { id: companyId }),
      ...(filter.status && { status: filter.status }),
      ...(filter.rut && { rut: filter.rut }),
      ...(filter.name && { OR: [{ tradeName: { contains: filter.name, mode: 'insensitive' } }, { legalName: { contains: filter.name, mode: 'insensitive' } }] }),
    };
    return findPage(
      filter,
      async (window) => (await this.prisma.company.findMany({ where, select: COMPANY_SELECT, orderBy: [{ [filter.orderBy ?? 'tradeName']: filter.orderSort ?? 'asc' }, { id: 'asc' }], ...window })).map(toCompanyView),
      () => this.prisma.company.count({ where }),
    );
  }
}
