import { Client } from 'pg';
import type { Logger } from 'pino';
import type { PrismaService } from '../database/prisma.service';
import { eventJob } from './delivery-tracker';
import { eventQueueName, type EventConsumerRegistry, type EventJob } from './event-consumers';
import type { JobQueue, NewJob } from './job-queue';
import { OUTBOX_CHANNEL } from './outbox';

const BATCH_SIZE = 200;
/** Fallback poll when no NOTIFY arrives (while the LISTEN connection is re-established, or events written by hand). */
const IDLE_POLL_MS = 1000;
/** Re-LISTEN after a lost connection: 1 s, then doubling up to this. */
const MAX_RELISTEN_DELAY_MS = 30_000;

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
  private listener?: Client;
  private relisten?: NodeJS.Timeout;
  private listenFailures = 0;

  constructor(
    private readonly prisma: PrismaService,
    private readonly queue: JobQueue,
    private readonly consumers: EventConsumerRegistry,
    private readonly log: Logger,
    private readonly options: RelayOptions = {},
  ) {}

  /** Whether the NOTIFY connection is up (false while it is re-established and the relay polls). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    clearTimeout(this.relisten);
    await this.loop;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Relays one batch; returns how many events it published. */
  async relayBatch(): Promise<number> {
    let attempted: bigint[] = [];
    try {
      return await this.prisma.$transaction(
        async (tx) => {
          // Served by the partial index outbox_event_unpublished_idx (id WHERE published_at IS NULL): the
          // poll reads the few unpublished rows, not the whole history (31 ms at 500,000 rows -> 0.02 ms).
          const rows = await tx.$queryRaw<{ id: bigint; type: string }[]>`
            SELECT id, type FROM outbox_event WHERE published_at IS NULL
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

  /** LISTENs for commits; when the connection drops it polls meanwhile and connects again, with backoff. */
  private async listen(): Promise<void> {
    if (!this.running) return;
    const listener = new Client({ connectionString: this.prisma.databaseUrl, application_name: 'cotizalab-outbox-listen' });
    let gone = false;
    // 'error' and 'end' both come when the server drops us: react once per connection.
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      if (this.listener === listener) {
        this.listener = undefined;
        this.log.warn({ err: err?.message }, 'outbox LISTEN connection lost; polling until it is back');
      }
      void listener.end().catch(() => undefined);
      this.scheduleListen();
    };
    listener.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    listener.on('error', lost);
    listener.on('end', () => lost());
    try {
      await listener.connect();
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (!this.running) {
        await listener.end().catch(() => undefined);
        return;
      }
      this.listener = listener;
      if (this.listenFailures > 0) this.log.info({ failures: this.listenFailures }, 'outbox LISTEN connection back');
      this.listenFailures = 0;
      // Commits while nobody listened sent no NOTIFY that reached us: look now rather than at the next poll.
      this.notified = true;
      this.wake?.();
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : err }, 'could not LISTEN for outbox events; polling and retrying');
      lost();
    }
  }

  private scheduleListen(): void {
    if (!this.running || this.relisten) return;
    const delay = Math.min(IDLE_POLL_MS * 2 ** this.listenFailures, MAX_RELISTEN_DELAY_MS);
    this.listenFailures++;
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      void this.listen();
    }, delay);
  }
}
