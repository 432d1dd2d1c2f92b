import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from '../domain/signature';
import { postWebhook } from './http-post';

/** A job on `QueueName.Webhooks`: which delivery, and which of its attempts (a stale copy is ignored). */
export interface WebhookJob {
  deliveryId: number;
  attempt: number;
}

/** The delay before the attempt after `attempt` (1-based): `backoffMs`, then doubling. */
export const retryDelayMs = (backoffMs: number, attempt: number) => backoffMs * 2 ** (attempt - 1);

/**
 * One POST of one delivery, and its entry in the log. The delivery is read, the POST made with no transaction or
 * connection held, and the outcome written in one short transaction that also moves the schedule: a 2xx is SUCCEEDED;
 * anything else (another status, a timeout, a refused connection or a forbidden address) is RETRYING with the next
 * attempt after the backoff, or FAILED when it was the last one. It never throws for the endpoint's faults, so the
 * queue's own retries are only for our database's.
 */
@Injectable()
export class WebhookSender {
  private readonly log: Logger;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'webhooks' });
  }

  async send({ deliveryId, attempt }: WebhookJob): Promise<void> {
    const delivery = await this.prisma.webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: { id: true, eventId: true, eventType: true, body: true, status: true, attemptCount: true, maxAttempts: true, endpoint: { select: { id: true, url: true, secret: true, active: true } } },
    });
    // Already sent by another copy of this job, re-scheduled by "Reenviar", or its endpoint paused or deleted meanwhile.
    if (!delivery || delivery.attemptCount !== attempt - 1 || (delivery.status !== 'PENDING' && delivery.status !== 'RETRYING') || !delivery.endpoint.active) return;
    const { timeoutMs, backoffMs } = this.config.webhooks;
    const outcome = await postWebhook(
      delivery.endpoint.url,
      delivery.body,
      { [SIGNATURE_HEADER]: signatureHeader(delivery.endpoint.secret, delivery.body, new Date()), [EVENT_ID_HEADER]: delivery.eventId, [EVENT_TYPE_HEADER]: delivery.eventType },
      { production: this.config.production, timeoutMs },
    );
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const error = ok ? null : (outcome.error ?? `El servidor respondió ${outcome.statusCode}`);
    const last = attempt >= delivery.maxAttempts;
    const now = new Date();
    const status = ok ? 'SUCCEEDED' : last ? 'FAILED' : 'RETRYING';
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, attemptCount: attempt - 1 },
        data: {
          attemptCount: attempt,
          status,
          nextAttemptAt: status === 'RETRYING' ? new Date(now.getTime() + retryDelayMs(backoffMs, attempt)) : null,
          leasedUntil: null,
          lastStatusCode: outcome.statusCode,
          lastError: error,
          ...(ok ? { deliveredAt: now } : {}),
        },
      });
      if (count === 0) return;
      await tx.webhookAttempt.create({ data: { deliveryId, number: attempt, at: now, durationMs: outcome.durationMs, statusCode: outcome.statusCode, error, response: outcome.response } });
    });
    const entry = { deliveryId, endpointId: delivery.endpoint.id, eventType: delivery.eventType, attempt, statusCode: outcome.statusCode, durationMs: outcome.durationMs, status };
    if (ok) this.log.info(entry, 'webhook delivered');
    else this.log.warn({ ...entry, error }, status === 'FAILED' ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry');
  }
}
