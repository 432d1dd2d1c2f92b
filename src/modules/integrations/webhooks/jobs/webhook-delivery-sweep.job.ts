import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { Prisma } from '../../../../generated/prisma/client';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { deleteInBatches, PeriodicWork } from '../../../../platform/jobs/periodic';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';

const SWEEP_EVERY_MS = 24 * 3600_000;
/**
 * How long the delivery log keeps a finished delivery (succeeded or failed for good), with its attempts: long enough to
 * look into a month's problems and resend, without a busy company's log growing for ever (docs/api/webhooks.md).
 */
export const DELIVERIES_KEPT_DAYS = 30;
/** Rows deleted per statement: short transactions. */
const BATCH = 1000;

/** Deletes finished webhook deliveries older than DELIVERIES_KEPT_DAYS, daily, in the worker roles. */
@Injectable()
export class WebhookDeliverySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'webhooks' });
    this.periodic = new PeriodicWork('webhook delivery sweep', () => this.sweep(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS, 60_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep; `now` is for tests. Answers how many deliveries went (pending and retrying ones never go). */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 86_400_000);
    const deleted = await deleteInBatches(this.prisma, BATCH, (limit) => Prisma.sql`
      DELETE FROM webhook_delivery WHERE id IN (
        SELECT id FROM webhook_delivery WHERE created_at < ${before} AND status IN ('SUCCEEDED', 'FAILED') ORDER BY id LIMIT ${limit})`);
    if (deleted > 0) this.log.info({ deleted }, 'removed old webhook deliveries');
    return deleted;
  }
}
