import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { PgListener } from '../../../../platform/database/pg-listener';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { JOB_QUEUE, QueueName, type JobQueue } from '../../../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { WebhookSender, type WebhookJob } from './webhook-sender';

/** NOTIFY channel: a delivery became due (recorded by the consumer, or "Reenviar"), sent at commit. */
export const WEBHOOK_CHANNEL = 'webhook_delivery';
/** Deliveries claimed per query. */
const CLAIM_BATCH = 100;
/** POSTs one worker runs at once: a slow endpoint takes one slot for at most the timeout, never the others. */
const SEND_CONCURRENCY = 8;

/**
 * Hands due webhook deliveries to the job queue, in the worker roles. PostgreSQL keeps each delivery's schedule
 * (`next_attempt_at`, the attempts left), so a delivery outlives a Redis that lost its jobs; the queue only runs the
 * POSTs. A delivery is claimed with a lease (`leased_until`, `FOR UPDATE SKIP LOCKED`, so workers never claim the same
 * one) and queued as the job `webhook-<id>-<attempt>`; a job lost with Redis is claimed and queued again when the
 * lease ends. Woken by NOTIFY at commit, and by a poll every WEBHOOK_POLL_MS for retries that came due.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly listener: PgListener;
  private poll?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly sender: WebhookSender,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'webhooks' });
    const wake = () => this.wake();
    this.listener = new PgListener(prisma.databaseUrl, WEBHOOK_CHANNEL, 'cotizalab-webhooks-listen', { notified: wake, up: wake, down: () => undefined }, this.log);
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.queue.process<WebhookJob>(QueueName.Webhooks, (job) => this.sender.send(job.data), { concurrency: SEND_CONCURRENCY });
    this.listener.start();
    this.poll = setInterval(() => this.wake(), this.config.webhooks.pollMs);
    this.poll.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await this.listener.stop();
    await this.running;
  }

  /** Runs a dispatch now, or once more right after the one under way (a wake-up during it is not lost). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.dispatch()
      .catch((err: unknown) => this.log.warn({ err }, 'webhook dispatch failed; the next poll retries'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Claims and queues every delivery that is due now, in batches. */
  async dispatch(): Promise<void> {
    // Longer than a job can take, so a job still queued or running is not claimed twice.
    const leaseSeconds = Math.ceil(this.config.webhooks.timeoutMs / 1000) + 60;
    for (;;) {
      const claimed = await this.prisma.$queryRaw<{ id: number; attempt_count: number }[]>`
        UPDATE webhook_delivery SET leased_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (
          SELECT d.id FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
          WHERE d.status IN ('PENDING', 'RETRYING') AND d.next_attempt_at <= now()
            AND (d.leased_until IS NULL OR d.leased_until < now()) AND e.active
          ORDER BY d.next_attempt_at LIMIT ${CLAIM_BATCH}
          FOR UPDATE OF d SKIP LOCKED)
        RETURNING id, attempt_count`;
      if (claimed.length === 0) return;
      const jobs = claimed.map((d) => {
        const attempt = d.attempt_count + 1;
        return { name: 'deliver', data: { deliveryId: d.id, attempt } satisfies WebhookJob, jobId: `webhook-${d.id}-${attempt}`, attempts: 1 };
      });
      // `redrive`, not `addBulk`: a job id BullMQ still keeps (failed, or completed before its effect committed) runs again.
      await this.queue.redrive(QueueName.Webhooks, jobs);
      if (claimed.length < CLAIM_BATCH || this.stopped) return;
    }
  }
}
