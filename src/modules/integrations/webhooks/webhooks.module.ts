import { Module } from '@nestjs/common';
import { CreateWebhookEndpointHandler } from './commands/create-webhook-endpoint/create-webhook-endpoint.command';
import { DeleteWebhookEndpointHandler } from './commands/delete-webhook-endpoint/delete-webhook-endpoint.command';
import { RedeliverWebhookHandler } from './commands/redeliver-webhook/redeliver-webhook.command';
import { RotateWebhookSecretHandler } from './commands/rotate-webhook-secret/rotate-webhook-secret.command';
import { UpdateWebhookEndpointHandler } from './commands/update-webhook-endpoint/update-webhook-endpoint.command';
import { WebhookEventsConsumer } from './consumers/webhook-events.consumer';
import { WebhookDispatcher } from './delivery/webhook-dispatcher';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookDeliveriesController, WebhookEndpointsController } from './http/webhooks.controller';
import { WebhookDeliverySweep } from './jobs/webhook-delivery-sweep.job';
import { GetWebhookDeliveryHandler } from './queries/get-webhook-delivery/get-webhook-delivery.query';
import { SearchWebhookDeliveriesHandler } from './queries/search-webhook-deliveries/search-webhook-deliveries.query';
import { SearchWebhookEndpointsHandler } from './queries/search-webhook-endpoints/search-webhook-endpoints.query';

/**
 * Webhooks (issue 27, item 4): a company's endpoints, the events of other modules turned into signed POSTs, and the
 * delivery log with its retries. It reads other modules through their indexes and PostgreSQL, and owns only its tables.
 */
@Module({
  controllers: [WebhookEndpointsController, WebhookDeliveriesController],
  providers: [
    WebhookEventsConsumer, WebhookDispatcher, WebhookSender, WebhookDeliverySweep,
    CreateWebhookEndpointHandler, UpdateWebhookEndpointHandler, DeleteWebhookEndpointHandler, RotateWebhookSecretHandler, RedeliverWebhookHandler,
    SearchWebhookEndpointsHandler, SearchWebhookDeliveriesHandler, GetWebhookDeliveryHandler,
  ],
})
export class WebhooksModule {}
