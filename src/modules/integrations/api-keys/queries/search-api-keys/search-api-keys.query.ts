import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ApiKey, ApiKeySearchRequest } from '../../../../../contracts/api-keys';
import type { Prisma } from '../../../../../generated/prisma/client';
import type { Actor } from '../../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { invalidField } from '../../../../../platform/http/app-error';
import type { Page, ServerSide } from '../../../../../platform/http/envelope';
import { API_KEY_SELECT, toApiKeyView } from '../../api-key-view';
import { assertManager } from '../../api-key-managers';

export type ApiKeyFilter = Omit<ApiKeySearchRequest, 'currentPage' | 'perPage' | 'orderBy' | 'orderSort'> & Paging;

/** `POST /api/api-key/search`: a provider's own company's keys (active first, then newest), an administrator's any company's. */
export class SearchApiKeysQuery extends Query<Page<ServerSide<ApiKey>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: ApiKeyFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchApiKeysQuery)
export class SearchApiKeysHandler implements IQueryHandler<SearchApiKeysQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchApiKeysQuery) {
    const own = assertManager(actor, 'read');
    // Another company named by a provider answers as a company that does not exist.
    if (own !== null && filter.companyId !== undefined && filter.companyId !== own) throw invalidField('companyId', 'La empresa indicada no existe.');
    const companyId = own ?? filter.companyId;
    const where: Prisma.ApiKeyWhereInput = {
      ...(companyId !== undefined && { companyId }),
      ...(filter.status === 'ACTIVE' && { revokedAt: null }),
      ...(filter.status === 'REVOKED' && { revokedAt: { not: null } }),
    };
    return findPage(
      filter,
      async (window) =>
        (await this.prisma.apiKey.findMany({ where, select: API_KEY_SELECT, orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { id: 'desc' }], ...window })).map(toApiKeyView),
      () => this.prisma.apiKey.count({ where }),
    );
  }
}
