import { withLogContext } from '../logging/log-context';

/** A unit of background work as a processor sees it. */
export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/**
 * The request that caused a job, when its data names one (`requestId`, as an event's job does): a job has no
 * request of its own, so without one its lines name only the queue and job id.
 */
export function requestIdOf(data: unknown): string | undefined {
  const requestId = typeof data === 'object' && data !== null ? (data as { requestId?: unknown }).requestId : undefined;
  return typeof requestId === 'string' ? requestId : undefined;
}

/**
 * Runs a job's handler in the job's log context, as both queue adapters do: every line written while it runs
 * (a consumer's, the mailer's) names the queue, the job and the request that caused it,
 * and events it records keep that request id, so the work they cause in turn can be tied back to it too.
 */
export function runJob<T>(queue: string, job: Job<T>, handler: JobHandler<T>): Promise<void> {
  const requestId = requestIdOf(job.data);
  return withLogContext({ ...(requestId !== undefined && { requestId }), queue, jobId: job.id }, () => handler(job));
}

export interface NewJob<T = unknown> {
  name: string;
  data: T;
  /** Deduplicates while a job with the same id is still known to the queue. */
  jobId?: string;
  /** Tries before the job is left failed (default JOB_ATTEMPTS), with exponential backoff from `backoffMs`. */
  attempts?: number;
  backoffMs?: number;
}

/**
 * The queue port. BullMQ on Redis when REDIS_URL is set; otherwise an in-process queue with
 * the same handlers (embedded default). Job and queue names are stable strings; jobs carry
 * ids, never entities, and processors re-read PostgreSQL.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /**
   * Hands jobs to the queue. Resolves once they are durably accepted (BullMQ) or, in process,
   * once they have been handled (there is no durable store to hand them to). Rejects when the
   * queue cannot take them, so that callers such as the outbox relay can retry later.
   */
  addBulk<T>(queue: string, jobs: NewJob<T>[]): Promise<void>;
  /**
   * Makes sure each job (by its `jobId`) will run again: added when the queue does not know it (lost
   * with Redis, or removed), retried with fresh attempts when it failed or completed, left alone while
   * it is waiting, delayed or running. Returns how many were queued again.
   */
  redrive<T>(queue: string, jobs: (NewJob<T> & { jobId: string })[]): Promise<number>;
  /** Starts processing a queue in this process (worker roles only). */
  process<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /**
   * Whether the queue's store started empty since it was last asked: true the first time, and again
   * after Redis lost its data (a restart without persistence), so that the delivery sweeper re-drives
   * at once what was lost instead of waiting out its threshold. Throws when the backend is unreachable.
   */
  storeWasEmptied(): Promise<boolean>;
  /** Throws when the queue's backend cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** How often a job is tried before it is left as failed. */
export const JOB_ATTEMPTS = 5;

/**
 * Queues that are not an event consumer's (those are `events.<consumer>`): one name per purpose,
 * declared here so that two features never share a queue by accident.
 */
export enum QueueName {
  /** Every quote asked on /buscador, written to the search history off the request path. */
  SearchHistory = 'reports.search-history',
  /** Storefront route changes (`POST /api/log-access`), handed over in batches and written off the request path. */
  AccessLog = 'reports.access-log',
  /** A confirmed bulk import (branches, prices, FONASA catalogue), applied in checkpointed chunks. */
  Imports = 'imports.run',
  /** One POST of a webhook delivery (its schedule of attempts is kept in PostgreSQL, not in the queue). */
  Webhooks = 'webhooks.deliver',
}
