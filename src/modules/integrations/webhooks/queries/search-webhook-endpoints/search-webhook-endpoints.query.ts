import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { WebhookEndpoint } from '../../../../../contracts/webhooks';
import type { Actor } from '../../../../../platform/auth/actor';
import { companyScope } from '../../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../../platform/http/envelope';
import { page } from '../../../../../platform/http/envelope';
import { assertWholeCompany, ENDPOINT_SELECT, toEndpointView } from '../../webhook-access';

/** `POST /api/webhook-endpoint/search`: a provider's company's endpoints; an administrator's, of one company or all. */
export class SearchWebhookEndpointsQuery extends Query<Page<ServerSide<WebhookEndpoint>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: { companyId?: number },
  ) {
    super();
  }
}

@QueryHandler(SearchWebhookEndpointsQuery)
export class SearchWebhookEndpointsHandler implements IQueryHandler<SearchWebhookEndpointsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchWebhookEndpointsQuery) {
    assertWholeCompany(actor);
    // A company has at most MAX_ENDPOINTS_PER_COMPANY: one page holds them.
    const rows = await this.prisma.webhookEndpoint.findMany({
      where: { ...(filter.companyId ? { companyId: filter.companyId } : {}), ...companyScope(actor) },
      select: ENDPOINT_SELECT,
      orderBy: { id: 'asc' },
      take: 500,
    });
    return page(rows.map(toEndpointView), rows.length, 1, Math.max(rows.length, 1));
  }
}
