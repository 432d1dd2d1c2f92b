import { Job as BullJob, Queue, Worker, type JobsOptions } from 'bullmq';
import IORedis, { type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { JOB_ATTEMPTS, requestIdOf, runJob, type Job, type JobHandler, type JobQueue, type NewJob } from './job-queue';

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
    /** A job's lock; BullMQ looks for stalled jobs (their worker died) as often. */
    private readonly lockMs: number,
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
    const added = this.queue(queue).addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: jobOptions(job) })));
    await this.withinTimeout(queue, added);
  }

  async redrive<T>(queue: string, jobs: (NewJob<T> & { jobId: string })[]): Promise<number> {
    if (jobs.length === 0) return 0;
    await this.connected();
    if (this.producerConnection.status !== 'ready') throw new QueueUnavailableError(queue);
    const q = this.queue(queue);
    const requeue = async (job: NewJob<T> & { jobId: string }): Promise<boolean> => {
      const known = await BullJob.fromId(q, job.jobId);
      const state = known ? await known.getState() : 'unknown';
      if (known && state === 'failed') {
        // The retry schedule was used up (an outage longer than it): a fresh one.
        await known.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        return true;
      }
      if (known && state === 'completed') {
        // Completed yet not processed (its effect rolled back after the job returned): run it again.
        await known.remove();
      } else if (known && state !== 'unknown') {
        // Waiting, delayed (between retries) or running: it will run; a second copy would only queue behind it.
        return false;
      }
      await q.add(job.name, job.data, jobOptions(job));
      return true;
    };
    // A job that changed state meanwhile (another worker's sweep, or it just finished) is left to the next sweep.
    const settle = (job: NewJob<T> & { jobId: string }) =>
      requeue(job).catch((err: unknown) => {
        this.log.warn({ queue, jobId: job.jobId, err: err instanceof Error ? err.message : err }, 'could not re-drive job');
        return false;
      });
    const results = await this.withinTimeout(queue, Promise.all(jobs.map(settle)));
    return results.filter(Boolean).length;
  }

  /** A key Redis keeps while it keeps the jobs: when it is missing, so are they (or this is a new Redis). */
  async storeWasEmptied(): Promise<boolean> {
    await this.connected();
    if (this.producerConnection.status !== 'ready') throw new QueueUnavailableError('epoch');
    return (await this.producerConnection.set(`${this.prefix}:store-epoch`, new Date().toISOString(), 'NX')) === 'OK';
  }

  /** BullMQ would wait for Redis indefinitely; callers (relay, sweeper) must hear "not now" and retry later. */
  private async withinTimeout<R>(queue: string, work: Promise<R>): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError(queue)), ADD_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work, timeout]);
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
      async (job) => runJob(queue, { id: job.id ?? '', name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 } satisfies Job<T>, handler),
      { connection, prefix: this.prefix, concurrency: options.concurrency ?? 1, lockDuration: this.lockMs, stalledInterval: this.lockMs },
    );
    // Emitted after the handler's log context has ended: the request is named here from the job's data.
    worker.on('failed', (job, err) => this.log.error({ queue, jobId: job?.id, requestId: requestIdOf(job?.data), attempt: job?.attemptsMade, err }, 'job failed'));
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

function jobOptions(job: NewJob): JobsOptions {
  return {
    jobId: job.jobId,
    ...(job.attempts === undefined ? {} : { attempts: job.attempts }),
    ...(job.backoffMs === undefined ? {} : { backoff: { type: 'exponential', delay: job.backoffMs } }),
  };
}

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
