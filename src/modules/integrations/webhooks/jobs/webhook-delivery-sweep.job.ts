import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { Prisma } from '../../../../generated/prisma/client';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { RetentionSweep } from '../../../../platform/jobs/retention-sweep';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';

/**
 * How long the delivery log keeps a finished delivery (succeeded or failed for good), with its attempts: long enough to
 * look into a month's problems and resend, without a busy company's log growing for ever (docs/api/webhooks.md).
 */
export const DELIVERIES_KEPT_DAYS = 30;

/** Deletes finished webhook deliveries older than DELIVERIES_KEPT_DAYS, daily; pending and retrying ones never go. */
@Injectable()
export class WebhookDeliverySweep extends RetentionSweep {
  constructor(prisma: PrismaService, @Inject(APP_CONFIG) config: AppConfig, @Inject(ROOT_LOGGER) log: Logger) {
    super(prisma, config, log, { what: 'webhook delivery sweep', module: 'webhooks', everyMs: 24 * 3600_000, batch: 1000, deletedMessage: 'removed old webhook deliveries' });
  }

  protected deleteBatch(now: Date, limit: number): Prisma.Sql {
    const before = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 86_400_000);
    return Prisma.sql`DELETE FROM webhook_delivery WHERE id IN (
        SELECT id FROM webhook_delivery WHERE created_at < ${before} AND status IN ('SUCCEEDED', 'FAILED') ORDER BY id LIMIT ${limit})`;
  }
}
