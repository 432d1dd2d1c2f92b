import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { WEBHOOK_CHANNEL } from '../../delivery/webhook-dispatcher';
import { accessibleEndpoint } from '../../webhook-access';
import { WebhookDeliveryNotFoundError, WebhookEndpointNotFoundError, WebhookEndpointPausedError } from '../../webhooks.errors';

/**
 * `POST /api/webhook-delivery/:id/redeliver` ("Reenviar"): one more attempt of the same body (same event id), now,
 * whatever the delivery's state. Not a new schedule: if that attempt fails, the delivery is FAILED again.
 */
export class RedeliverWebhookCommand extends Command<{ id: number; status: 'PENDING' }> {
  constructor(
    readonly ctx: CommandContext,
    readonly deliveryId: number,
  ) {
    super();
  }
}

@CommandHandler(RedeliverWebhookCommand)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, deliveryId }: RedeliverWebhookCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const delivery = await tx.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { endpointId: true, attemptCount: true } });
      if (!delivery) throw new WebhookDeliveryNotFoundError();
      const endpoint = await accessibleEndpoint(tx, ctx.actor, delivery.endpointId).catch((err: unknown) => {
        throw err instanceof WebhookEndpointNotFoundError ? new WebhookDeliveryNotFoundError() : err;
      });
      if (!endpoint.active) throw new WebhookEndpointPausedError();
      // A job already queued for the next attempt (a retry that was due) is that one attempt: its id dedupes the dispatcher's.
      await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: 'PENDING', maxAttempts: delivery.attemptCount + 1, nextAttemptAt: new Date(), leasedUntil: null },
      });
      await tx.$executeRawUnsafe(`NOTIFY ${WEBHOOK_CHANNEL}`);
      changes.audit('webhook.redelivered', 'WebhookDelivery', deliveryId);
      return { id: deliveryId, status: 'PENDING' as const };
    });
  }
}
