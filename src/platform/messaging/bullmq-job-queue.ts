import { Queue, Worker } from 'bullmq';
import IORedis, { type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { JOB_ATTEMPTS, type Job, type JobHandler, type JobQueue, type NewJob } from './job-queue';

/** The queue port on BullMQ (Redis). */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  /** BullMQ leaves connections it was given open on close; these are ours to end. */
  private readonly workerConnections: IORedis[] = [];
  /** Producers fail fast while Redis is unreachable instead of buffering commands in memory. */
  private readonly producerConnection: IORedis;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    this.producerConnection = new IORedis(redisUrl, { ...connectionOptions, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.producerConnection.on('error', (err) => this.log.warn({ err: err.message }, 'Redis connection error (producer)'));
  }

  async addBulk<T>(queue: string, jobs: NewJob<T>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.connected();
    // BullMQ would wait for Redis indefinitely; callers (the relay) must hear "not now" and retry later.
    if (this.producerConnection.status !== 'ready') throw new QueueUnavailableError(queue);
    const added = this.queue(queue).addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: { jobId: job.jobId } })));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError(queue)), ADD_TIMEOUT_MS);
    });
    try {
      await Promise.race([added, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  process<T>(queue: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    // Workers block on Redis and must retry forever across outages.
    const connection = new IORedis(this.redisUrl, { ...connectionOptions, maxRetriesPerRequest: null });
    this.workerConnections.push(connection);
    const worker = new Worker(
      queue,
      async (job) => handler({ id: job.id ?? '', name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 } satisfies Job<T>),
      { connection, prefix: this.prefix, concurrency: options.concurrency ?? 1 },
    );
    worker.on('failed', (job, err) => this.log.error({ queue, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'));
    worker.on('error', (err) => this.log.warn({ queue, err: err.message }, 'queue worker error'));
    this.workers.push(worker);
  }

  async ping(): Promise<void> {
    await this.connected();
    if (this.producerConnection.status !== 'ready') throw new QueueUnavailableError('*');
    await this.producerConnection.ping();
  }

  /** Waits briefly for a connection that is still being established (right after start). */
  private async connected(timeoutMs = 2000): Promise<void> {
    const connection = this.producerConnection;
    if (connection.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        connection.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      connection.once('ready', done);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    for (const connection of [this.producerConnection, ...this.workerConnections]) connection.disconnect();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.producerConnection,
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 10000 },
        },
      });
      queue.on('error', (err) => this.log.warn({ queue: name, err: err.message }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

const ADD_TIMEOUT_MS = 10_000;

export class QueueUnavailableError extends Error {
  constructor(queue: string) {
    super(`Redis is unreachable; jobs for "${queue}" were not accepted`);
    this.name = 'QueueUnavailableError';
  }
}

const connectionOptions: RedisOptions = {
  retryStrategy: (times) => Math.min(times * 200, 2000),
  lazyConnect: false,
};
