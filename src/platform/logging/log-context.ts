import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running now works for: the HTTP request it serves, or the queued job it runs (and the request
 * that caused that job, if one did). Every log line written meanwhile carries these fields (the root logger's
 * mixin, see logger.ts), and the events recorded meanwhile keep the request id (outbox.ts), so the work a request
 * causes later, in a worker, can be tied back to it.
 */
export interface LogContext {
  /** The HTTP request's id (X-Request-Id): the one served now, or the one that caused the job run now. */
  requestId?: string;
  queue?: string;
  jobId?: string;
}

const current = new AsyncLocalStorage<LogContext>();

/** Runs `work` (and whatever it awaits or schedules) within `context`. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return current.run(context, work);
}

/** The fields the current log context adds to a log line (a copy: pino merges the line's own fields into it). */
export function logContextFields(): LogContext {
  return { ...current.getStore() };
}

/** The id of the request being served, or of the one that caused the job being run; undefined for other work. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}
