import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { WebhookDeliveryDetail } from '../../../../../contracts/webhooks';
import type { Actor } from '../../../../../platform/auth/actor';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { assertWholeCompany } from '../../webhook-access';
import { WebhookDeliveryNotFoundError } from '../../webhooks.errors';
import { DELIVERY_SELECT, toDeliveryView } from '../search-webhook-deliveries/search-webhook-deliveries.query';

/** `GET /api/webhook-delivery/:id`: one delivery, the body it sends and every attempt, the first first. */
export class GetWebhookDeliveryQuery extends Query<ServerSide<WebhookDeliveryDetail>> {
  constructor(
    readonly actor: Actor,
    readonly deliveryId: number,
  ) {
    super();
  }
}

@QueryHandler(GetWebhookDeliveryQuery)
export class GetWebhookDeliveryHandler implements IQueryHandler<GetWebhookDeliveryQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, deliveryId }: GetWebhookDeliveryQuery) {
    assertWholeCompany(actor);
    const row = await this.prisma.webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: {
        ...DELIVERY_SELECT, body: true, endpoint: { select: { url: true, companyId: true } },
        attempts: { select: { number: true, at: true, durationMs: true, statusCode: true, error: true, response: true }, orderBy: { id: 'asc' } },
      },
    });
    if (!row) throw new WebhookDeliveryNotFoundError();
    assertCompanyAccess(actor, row.endpoint.companyId, () => new WebhookDeliveryNotFoundError());
    return { ...toDeliveryView(row), body: row.body, attemptLog: row.attempts };
  }
}
