import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Prisma } from '../../generated/prisma/client';
import { PrismaService, type Tx } from '../database/prisma.service';
import { AdvisoryLock } from '../database/locks';
import { ROOT_LOGGER } from '../platform.tokens';
import { EventConsumerRegistry, eventQueueName, type EventConsumer, type EventJob } from './event-consumers';
import { JOB_QUEUE, type JobQueue } from './job-queue';

/** Events not processed by one of their subscribers this long after they happened, across consumers. */
export interface DeliveryBacklog {
  /** (consumer, event) pairs still open past the re-drive threshold; 0 when delivery is complete. */
  backlog: number;
  /** Age of the oldest of them, in seconds; null when there is none. */
  oldestAgeSeconds: number | null;
}

export interface SweepResult extends DeliveryBacklog {
  /** False when another worker held the sweep lock. */
  swept: boolean;
  /** Jobs handed to the queue again (lost with Redis, failed after their retries, or removed). */
  redriven: number;
}

/**
 * The watermark only moves over events that happened this long ago, and before the oldest write
 * transaction still open: ids are taken at insert and become visible at commit, so a younger
 * transaction may still commit an event below a visible one. Passing it would require a committed
 * transaction that ran longer than this; interactive transactions here time out after at most 2 minutes.
 */
const WATERMARK_MARGIN_SECONDS = 600;
/** How often the sweeper asks whether the job queue lost its jobs (a Redis key read): healing within seconds. */
const STORE_CHECK_MS = 2_000;
/** A consumer without a watermark yet (first start after this was added) re-drives at most the last day. */
const FIRST_WATERMARK_LOOKBACK_SECONDS = 86_400;
const PRUNE_BATCH = 5000;
/** Per prune run and table, so one run never holds the worker for long; the rest waits for the next run. */
const PRUNE_MAX_BATCHES = 200;

/**
 * Makes delivery complete. The relay marks an event published once the queue accepted its jobs, but
 * a job can still be lost (Redis restarted without persistence) or give up (an outage longer than its
 * retries). Each consumer records what it processed in `processed_event`; the sweeper, in the worker
 * role and one worker at a time, re-drives every event a subscriber has not processed some time after
 * it was published, and reports what is still open (the backlog) for the health answer and the log.
 * It also prunes delivered events and their processed rows after the configured retention.
 */
@Injectable()
export class DeliveryTracker {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private lastPrune = 0;
  private readonly log: Logger;
  private readonly settings: AppConfig['delivery'];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly consumers: EventConsumerRegistry,
  ) {
    this.settings = config.delivery;
    this.log = log.child({ module: 'delivery' });
  }

  /** Starts sweeping (and pruning) on the configured intervals; worker roles only. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** What is still open past the threshold, per consumer summed up; cheap (reads above the watermarks). */
  async backlog(): Promise<DeliveryBacklog> {
    const watermarks = await this.watermarks(this.prisma);
    const open = await Promise.all(this.consumers.all().map((c) => this.openFor(this.prisma, c, watermarks.get(c.name) ?? 0n)));
    return sumUp(open);
  }

  /**
   * One sweep: advance each consumer's watermark, re-drive what it has not processed for
   * `redriveAfterSeconds` (the configured threshold unless given), measure the backlog.
   */
  async sweep(redriveAfterSeconds = this.settings.redriveAfterSeconds): Promise<SweepResult> {
    // Under the lock: the watermarks and what to re-drive. The queue is handed the jobs after commit, so
    // no transaction stays open on Redis (or, in process, on the consumers running the jobs).
    const found = await this.prisma.$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${AdvisoryLock.DeliverySweep}::bigint) AS locked`;
        if (!locked) return undefined;
        const watermarks = await this.watermarks(tx);
        const work: { consumer: EventConsumer; events: EventToQueue[]; open: DeliveryBacklog }[] = [];
        for (const consumer of this.consumers.all()) {
          const watermark = await this.advance(tx, consumer, watermarks.get(consumer.name));
          work.push({ consumer, events: await this.toRedrive(tx, consumer, watermark, redriveAfterSeconds), open: await this.openFor(tx, consumer, watermark) });
        }
        return work;
      },
      { timeout: 60_000 },
    );
    if (!found) return { swept: false, redriven: 0, backlog: 0, oldestAgeSeconds: null };
    let redriven = 0;
    for (const { consumer, events } of found) {
      if (events.length === 0) continue;
      const jobs = events.map((event) => ({ ...eventJob(consumer.name, event), attempts: this.settings.jobAttempts, backoffMs: this.settings.jobBackoffMs }));
      redriven += await this.queue.redrive<EventJob>(eventQueueName(consumer.name), jobs);
    }
    const result = { swept: true, redriven, ...sumUp(found.map((f) => f.open)) };
    // The metric line: an operator (or a log-based alert) sees the backlog and what was re-driven.
    const level = result.redriven > 0 || result.backlog > 0 ? 'info' : 'debug';
    this.log[level]({ metric: 'delivery_backlog', backlog: result.backlog, oldestAgeSeconds: result.oldestAgeSeconds, redriven }, 'delivery sweep');
    return result;
  }

  /**
   * Deletes delivered events older than OUTBOX_RETENTION_DAYS, and processed rows older than
   * PROCESSED_EVENT_RETENTION_DAYS whose event is gone, in batches. Never an unpublished event, nor
   * one that a subscriber of its type has not processed.
   */
  async prune(): Promise<{ outboxEvents: number; processedEvents: number }> {
    // One condition per consumer: the event is not of its types, or it has processed it.
    const delivered = this.consumers.all().map(
      (c) => Prisma.sql`AND (NOT (e.type = ANY(${c.eventTypes as string[]}::text[]))
        OR EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = ${c.name} AND p.event_id = e.id))`,
    );
    const outboxEvents = await this.inBatches(
      (tx) => tx.$executeRaw`
        DELETE FROM outbox_event WHERE id IN (
          SELECT e.id FROM outbox_event e
          WHERE e.published_at IS NOT NULL AND e.occurred_at < now() - make_interval(days => ${this.settings.outboxRetentionDays})
            ${delivered.length > 0 ? Prisma.join(delivered, ' ', '', '') : Prisma.empty}
          ORDER BY e.id LIMIT ${PRUNE_BATCH})`,
    );
    // A processed row outlives its event: a stale job of a pruned event then finds no event and does nothing.
    const processedEvents = await this.inBatches(
      (tx) => tx.$executeRaw`
        DELETE FROM processed_event WHERE (consumer, event_id) IN (
          SELECT p.consumer, p.event_id FROM processed_event p
          WHERE p.processed_at < now() - make_interval(days => ${this.settings.processedRetentionDays})
            AND NOT EXISTS (SELECT 1 FROM outbox_event e WHERE e.id = p.event_id)
          ORDER BY p.consumer, p.event_id LIMIT ${PRUNE_BATCH})`,
    );
    if (outboxEvents + processedEvents > 0) this.log.info({ outboxEvents, processedEvents }, 'pruned delivered events');
    return { outboxEvents, processedEvents };
  }

  private async run(): Promise<void> {
    let nextSweep = 0;
    // Set when the queue's store started empty (a Redis restarted without its data): what it held is
    // re-driven at the next tick, whatever its age, until a sweep has done it.
    let lost = false;
    while (this.running) {
      try {
        if (await this.queue.storeWasEmptied()) {
          lost = true;
          this.log.info('the job queue started empty: re-driving every unprocessed event now');
        }
      } catch {
        // Unreachable: the sweep below says so, and the next tick asks again.
      }
      if (lost || Date.now() >= nextSweep) {
        try {
          const result = await this.sweep(lost ? 0 : undefined);
          if (result.swept) lost = false;
          nextSweep = Date.now() + this.settings.sweepIntervalMs;
          if (Date.now() - this.lastPrune >= this.settings.pruneIntervalMs) {
            this.lastPrune = Date.now();
            await this.prune();
          }
        } catch (err) {
          this.log.warn({ err: err instanceof Error ? err.message : err }, 'delivery sweep failed; will retry');
        }
      }
      await this.sleep(Math.min(this.settings.sweepIntervalMs, STORE_CHECK_MS));
    }
  }

  /**
   * Moves the consumer's watermark up to just below its first unprocessed event, but not over events
   * younger than the margin (see WATERMARK_MARGIN_SECONDS). Returns the watermark now in force.
   */
  private async advance(tx: Tx, consumer: EventConsumer, current: bigint | undefined): Promise<bigint> {
    const from = current ?? (await this.firstWatermark(tx));
    const [row] = await tx.$queryRaw<{ first_open: bigint | null; settled: bigint | null }[]>`
      WITH horizon AS (
        SELECT LEAST(now(), COALESCE((
          SELECT min(xact_start) FROM pg_stat_activity
          WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()), now()))
          - make_interval(secs => ${WATERMARK_MARGIN_SECONDS}) AS at
      )
      SELECT
        (SELECT min(e.id) FROM outbox_event e
          WHERE e.id > ${from} AND e.type = ANY(${consumer.eventTypes as string[]}::text[])
            AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = ${consumer.name} AND p.event_id = e.id)) AS first_open,
        (SELECT max(e.id) FROM outbox_event e, horizon WHERE e.id > ${from} AND e.occurred_at < horizon.at) AS settled`;
    let next = row.settled ?? from;
    if (row.first_open !== null && row.first_open - 1n < next) next = row.first_open - 1n;
    if (current !== undefined && next <= current) return current;
    await tx.$executeRaw`
      INSERT INTO delivery_watermark (consumer, event_id, updated_at) VALUES (${consumer.name}, ${next}, now())
      ON CONFLICT (consumer) DO UPDATE SET event_id = GREATEST(delivery_watermark.event_id, EXCLUDED.event_id), updated_at = now()`;
    return next;
  }

  /** Where a consumer's watermark starts: events older than a day count as handled before tracking began. */
  private async firstWatermark(tx: Tx): Promise<bigint> {
    const [row] = await tx.$queryRaw<{ id: bigint | null }[]>`
      SELECT max(id) AS id FROM outbox_event WHERE occurred_at < now() - make_interval(secs => ${FIRST_WATERMARK_LOOKBACK_SECONDS})`;
    return row.id ?? 0n;
  }

  /** Published events the consumer has not processed past the threshold, oldest first, one batch. */
  private async toRedrive(tx: Tx, consumer: EventConsumer, watermark: bigint, redriveAfterSeconds: number): Promise<EventToQueue[]> {
    return tx.$queryRaw<EventToQueue[]>`
      SELECT e.id, e.type, e.request_id AS "requestId" FROM outbox_event e
      WHERE e.id > ${watermark} AND e.type = ANY(${consumer.eventTypes as string[]}::text[])
        AND e.published_at IS NOT NULL AND e.published_at <= now() - make_interval(secs => ${redriveAfterSeconds})
        AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = ${consumer.name} AND p.event_id = e.id)
      ORDER BY e.id LIMIT ${this.settings.sweepBatch}`;
  }

  private async openFor(db: Tx, consumer: EventConsumer, watermark: bigint): Promise<DeliveryBacklog> {
    const [row] = await db.$queryRaw<{ n: number; oldest: number | null }[]>`
      SELECT count(*)::int AS n, EXTRACT(EPOCH FROM now() - min(e.occurred_at))::float8 AS oldest FROM outbox_event e
      WHERE e.id > ${watermark} AND e.type = ANY(${consumer.eventTypes as string[]}::text[])
        AND e.occurred_at < now() - make_interval(secs => ${this.settings.redriveAfterSeconds})
        AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = ${consumer.name} AND p.event_id = e.id)`;
    return { backlog: row.n, oldestAgeSeconds: row.oldest === null ? null : Math.round(row.oldest) };
  }

  private async watermarks(db: Tx): Promise<Map<string, bigint>> {
    const rows = await db.deliveryWatermark.findMany();
    return new Map(rows.map((r) => [r.consumer, r.eventId]));
  }

  private async inBatches(remove: (tx: Tx) => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
      const deleted = await this.prisma.$transaction(async (tx) => {
        const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${AdvisoryLock.DeliveryPrune}::bigint) AS locked`;
        return locked ? remove(tx) : 0;
      });
      total += deleted;
      if (deleted < PRUNE_BATCH) break;
    }
    return total;
  }

  /** Until the next tick, or `stop()`: one that came while a tick ran (nothing to wake then) ends the loop at once. */
  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** An outbox row as the relay and the sweeper read it to queue its jobs. */
export interface EventToQueue {
  id: bigint;
  type: string;
  requestId: string | null;
}

/** The job of one event on one consumer's queue; its id dedupes the relay's and the sweeper's copies. */
export function eventJob(consumer: string, event: EventToQueue) {
  const data: EventJob = { eventId: String(event.id), ...(event.requestId !== null && { requestId: event.requestId }) };
  return { name: event.type, data, jobId: `${consumer}-${event.id}` };
}

function sumUp(open: DeliveryBacklog[]): DeliveryBacklog {
  const ages = open.map((o) => o.oldestAgeSeconds).filter((a): a is number => a !== null);
  return { backlog: open.reduce((n, o) => n + o.backlog, 0), oldestAgeSeconds: ages.length > 0 ? Math.max(...ages) : null };
}
