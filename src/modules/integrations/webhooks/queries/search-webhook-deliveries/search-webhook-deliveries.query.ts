import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEventType } from '../../../../../contracts/webhooks';
import type { Actor } from '../../../../../platform/auth/actor';
import { companyScope } from '../../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../../platform/http/envelope';
import { assertWholeCompany } from '../../webhook-access';

/** `POST /api/webhook-delivery/search`: the delivery log, the latest first. */
export class SearchWebhookDeliveriesQuery extends Query<Page<ServerSide<WebhookDelivery>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: Paging & { endpointId?: number; companyId?: number; status?: WebhookDeliveryStatus },
  ) {
    super();
  }
}

export const DELIVERY_SELECT = {
  id: true, endpointId: true, eventId: true, eventType: true, status: true, attemptCount: true, lastStatusCode: true, lastError: true,
  createdAt: true, deliveredAt: true, nextAttemptAt: true, endpoint: { select: { url: true } },
} as const;

type DeliveryRow = {
  id: number; endpointId: number; eventId: string; eventType: string; status: WebhookDeliveryStatus; attemptCount: number; lastStatusCode: number | null;
  lastError: string | null; createdAt: Date; deliveredAt: Date | null; nextAttemptAt: Date | null; endpoint: { url: string };
};

export function toDeliveryView(row: DeliveryRow): ServerSide<WebhookDelivery> {
  return {
    id: row.id, endpointId: row.endpointId, url: row.endpoint.url, eventId: row.eventId, eventType: row.eventType as WebhookEventType, status: row.status,
    attempts: row.attemptCount, lastStatusCode: row.lastStatusCode, lastError: row.lastError, createdAt: row.createdAt, deliveredAt: row.deliveredAt,
    nextAttemptAt: row.status === 'PENDING' || row.status === 'RETRYING' ? row.nextAttemptAt : null,
  };
}

@QueryHandler(SearchWebhookDeliveriesQuery)
export class SearchWebhookDeliveriesHandler implements IQueryHandler<SearchWebhookDeliveriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, filter }: SearchWebhookDeliveriesQuery) {
    assertWholeCompany(actor);
    const where = {
      ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      endpoint: { ...(filter.companyId ? { companyId: filter.companyId } : {}), ...companyScope(actor) },
    };
    return findPage(
      filter,
      async (window) => (await this.prisma.webhookDelivery.findMany({ where, select: DELIVERY_SELECT, orderBy: { id: 'desc' }, ...window })).map(toDeliveryView),
      () => this.prisma.webhookDelivery.count({ where }),
    );
  }
}
