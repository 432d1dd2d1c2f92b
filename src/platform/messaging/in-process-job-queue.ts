import type { Logger } from 'pino';
import { JOB_ATTEMPTS, requestIdOf, runJob, type JobHandler, type JobQueue, type NewJob } from './job-queue';

/**
 * The queue port without Redis (embedded default, one process). Jobs run in this process;
 * `addBulk` resolves after they were handled, so the outbox relay only marks an event as
 * published once its consumers ran, and a crash before that re-delivers it on restart.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly log: Logger,
    private readonly retryDelayMs = 200,
  ) {}

  async addBulk<T>(queue: string, jobs: NewJob<T>[]): Promise<void> {
    if (this.closed) throw new QueueClosedError(queue);
    const handler = this.handlers.get(queue);
    if (!handler) throw new NoInProcessWorkerError(queue);
    for (const job of jobs) {
      const id = job.jobId ?? `${queue}:${++this.sequence}`;
      await this.runWithRetries(queue, handler, id, job);
    }
  }

  /** Nothing is kept between runs, so nothing can be lost apart from the process itself. */
  async storeWasEmptied(): Promise<boolean> {
    return false;
  }

  /** Nothing is kept in process between runs: a job to re-drive simply runs again. */
  async redrive<T>(queue: string, jobs: (NewJob<T> & { jobId: string })[]): Promise<number> {
    await this.addBulk(queue, jobs);
    return jobs.length;
  }

  process<T>(queue: string, handler: JobHandler<T>): void {
    this.handlers.set(queue, handler as JobHandler);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new QueueClosedError('*');
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private async runWithRetries(queue: string, handler: JobHandler, id: string, job: NewJob): Promise<void> {
    // A job's own longer schedule (`attempts`, `backoffMs`) is not used here: retries run inline and would
    // stall the relay for minutes; what still fails is re-driven later by the delivery sweeper.
    for (let attempt = 1; attempt <= JOB_ATTEMPTS; attempt++) {
      try {
        await runJob(queue, { id, name: job.name, data: job.data, attempt }, handler);
        return;
      } catch (err) {
        this.log.error({ queue, jobId: id, requestId: requestIdOf(job.data), attempt, err }, 'job failed');
        if (attempt < JOB_ATTEMPTS) await new Promise((r) => setTimeout(r, this.retryDelayMs * 2 ** (attempt - 1)));
      }
    }
    // Like BullMQ's failed set: given up on, and logged above; the caller is not blocked forever.
  }
}

export class NoInProcessWorkerError extends Error {
  constructor(queue: string) {
    super(`no worker for queue "${queue}" in this process; set REDIS_URL to run api and worker apart`);
    this.name = 'NoInProcessWorkerError';
  }
}

export class QueueClosedError extends Error {
  constructor(queue: string) {
    super(`queue "${queue}" is closed`);
    this.name = 'QueueClosedError';
  }
}
