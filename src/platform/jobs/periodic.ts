import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';

/**
 * Housekeeping a worker runs on a timer (sweeps, expiries, pruning): never in a process that only
 * serves the API, one run at a time, a failure logged and retried at the next tick, and a run under
 * way finished before the process closes its database connections.
 */
export class PeriodicWork {
  private timers: NodeJS.Timeout[] = [];
  private running?: Promise<unknown>;

  constructor(
    private readonly what: string,
    private readonly work: () => Promise<unknown>,
    private readonly log: Logger,
  ) {}

  /** Every `everyMs` from `firstAfterMs` after start (default: one period), in the worker roles only. */
  start(role: AppConfig['role'], everyMs: number, firstAfterMs = everyMs): void {
    if (role === 'api') return;
    const tick = () => {
      this.running ??= this.work()
        .catch((err: unknown) => this.log.warn({ err }, `${this.what} failed; will retry`))
        .finally(() => (this.running = undefined));
    };
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, everyMs);
      every.unref();
      this.timers.push(every);
    }, firstAfterMs);
    first.unref();
    this.timers.push(first);
  }

  /** No new run starts; the one under way ends first. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }
}
