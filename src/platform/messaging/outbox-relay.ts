import type { Logger } from 'pino';
import { PgListener } from '../database/pg-listener';
import type { PrismaService } from '../database/prisma.service';
import { eventJob, type EventToQueue } from './delivery-tracker';
import { eventQueueName, type EventConsumerRegistry, type EventJob } from './event-consumers';
import type { JobQueue, NewJob } from './job-queue';
import { OUTBOX_CHANNEL } from './outbox';

const BATCH_SIZE = 200;
/** Fallback poll when no NOTIFY arrives (while the LISTEN connection is re-established, or events written by hand). */
const IDLE_POLL_MS = 1000;

export interface RelayOptions {
  /** Retry schedule of the jobs it hands to the queue (EVENT_JOB_ATTEMPTS, EVENT_JOB_BACKOFF_MS). */
  jobAttempts?: number;
  jobBackoffMs?: number;
}

/**
 * Moves committed outbox events to their consumers' queues, at least once: a row is marked
 * published only after the queue accepted its jobs, in a transaction that locks the rows
 * (SKIP LOCKED), so several workers can relay side by side without sending twice on purpose.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** Set by a NOTIFY that arrives while a batch is running, so it is not slept through. */
  private notified = false;
  /** Wakes the loop on commits; while it is down the loop polls every second. */
  private readonly listener: PgListener;

  constructor(
    private readonly prisma: PrismaService,
    private readonly queue: JobQueue,
    private readonly consumers: EventConsumerRegistry,
    private readonly log: Logger,
    private readonly options: RelayOptions = {},
  ) {
    const wakeUp = () => {
      this.notified = true;
      this.wake?.();
    };
    // Back after a loss: commits while nobody listened sent no NOTIFY that reached us, so look now.
    this.listener = new PgListener(prisma.databaseUrl, OUTBOX_CHANNEL, 'cotizalab-outbox-listen', { notified: wakeUp, up: wakeUp, down: () => undefined }, log);
  }

  /** Whether the NOTIFY connection is up (false while it is re-established and the relay polls). */
  get listening(): boolean {
    return this.listener.listening;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.listener.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener.stop();
  }

  /** Relays one batch; returns how many events it published. */
  async relayBatch(): Promise<number> {
    let attempted: bigint[] = [];
    try {
      return await this.prisma.$transaction(
        async (tx) => {
          // Served by the partial index outbox_event_unpublished_idx (id WHERE published_at IS NULL): the
          // poll reads the few unpublished rows, not the whole history (31 ms at 500,000 rows -> 0.02 ms).
          const rows = await tx.$queryRaw<EventToQueue[]>`
            SELECT id, type, request_id AS "requestId" FROM outbox_event WHERE published_at IS NULL
            ORDER BY id LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED`;
          attempted = rows.map((r) => r.id);
          if (rows.length === 0) return 0;
          const jobsByQueue = new Map<string, NewJob<EventJob>[]>();
          for (const row of rows) {
            for (const consumer of this.consumers.subscribersOf(row.type)) {
              const queueName = eventQueueName(consumer.name);
              const jobs = jobsByQueue.get(queueName) ?? [];
              jobs.push({ ...eventJob(consumer.name, row), attempts: this.options.jobAttempts, backoffMs: this.options.jobBackoffMs });
              jobsByQueue.set(queueName, jobs);
            }
          }
          for (const [queueName, jobs] of jobsByQueue) await this.queue.addBulk(queueName, jobs);
          await tx.outboxEvent.updateMany({
            where: { id: { in: attempted } },
            data: { publishedAt: new Date(), attempts: { increment: 1 }, lastError: null },
          });
          return rows.length;
        },
        { timeout: 120_000 },
      );
    } catch (err) {
      if (attempted.length > 0) {
        const message = err instanceof Error ? err.message : String(err);
        await this.prisma.outboxEvent
          .updateMany({ where: { id: { in: attempted }, publishedAt: null }, data: { attempts: { increment: 1 }, lastError: message.slice(0, 1000) } })
          .catch(() => undefined);
      }
      throw err;
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        const published = await this.relayBatch();
        failures = 0;
        if (published === BATCH_SIZE) continue;
        await this.sleep(IDLE_POLL_MS);
      } catch (err) {
        failures++;
        this.log.warn({ err: err instanceof Error ? err.message : err, failures }, 'outbox relay could not publish; will retry');
        await this.sleep(Math.min(IDLE_POLL_MS * 2 ** Math.min(failures, 4), 15_000));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.notified) {
      this.notified = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.notified = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
