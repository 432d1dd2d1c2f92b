import type { MessagePort, Worker } from 'node:worker_threads';

/**
 * The importing side of a worker thread that answers one message per request: its answers one at a time, and
 * the first failure (a message saying so, the thread crashing or running out of heap, its exit, the time limit)
 * as the error of every wait after it.
 */
export class ThreadInbox<M> {
  private readonly queue: M[] = [];
  private waiting?: { resolve: (message: M) => void; reject: (error: Error) => void };
  private failure?: Error;
  private readonly timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly thread: Worker,
    errors: {
      /** The error a message stands for (the thread's own failure), or undefined for an answer. */
      failed(message: M): Error | undefined;
      /** What the thread's crash means (its `error` event: ERR_WORKER_OUT_OF_MEMORY, an uncaught error). */
      crashed(error: Error & { code?: string }): Error;
      /** The thread ended without being asked to. */
      exited(): Error;
    },
    timeLimit?: { ms: number; error: () => Error },
  ) {
    thread.on('message', (message: M) => {
      const failure = errors.failed(message);
      if (failure) return this.fail(failure);
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting.resolve(message);
      else this.queue.push(message);
    });
    thread.on('error', (error: Error & { code?: string }) => this.fail(errors.crashed(error)));
    thread.on('exit', () => this.fail(errors.exited()));
    if (timeLimit) {
      this.timer = setTimeout(() => {
        this.fail(timeLimit.error());
        void thread.terminate();
      }, timeLimit.ms);
    }
  }

  next(): Promise<M> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** Stops the thread (done, failed or left early) and its time limit. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.failure ??= new Error('the thread was closed');
    await this.thread.terminate();
  }

  /** The first failure is the one that counts (a thread out of heap also exits afterwards). */
  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(this.failure);
  }
}

/**
 * The thread's side: resolves each time the importing side asks for the next answer. One listener for the
 * thread's life, so a request that arrives while the previous answer is being made is counted, not lost;
 * `onMessage` sees each request's content (a buffer given back, say).
 */
export function requestsFrom<T>(port: MessagePort, onMessage?: (message: T) => void): () => Promise<void> {
  let requested = 0;
  let wake: (() => void) | undefined;
  port.on('message', (message: T) => {
    onMessage?.(message);
    requested++;
    wake?.();
  });
  return async () => {
    while (requested === 0) await new Promise<void>((resolve) => (wake = resolve));
    requested--;
  };
}
