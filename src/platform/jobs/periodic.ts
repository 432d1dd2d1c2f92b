import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import type { Prisma } from '../../generated/prisma/client';
import type { PrismaService } from '../database/prisma.service';

/**
 * Claims one period of `what` for this process: true for exactly one of the processes ticking within it (the
 * claim that moves `next_at` past now wins; PostgreSQL's row lock orders the others after it).
 */
export async function claimPeriod(db: Pick<PrismaService, '$queryRaw'>, what: string, everyMs: number): Promise<boolean> {
  // A little short of the period: a timer firing a few milliseconds early still finds its period open.
  const until = Math.max(everyMs - 1000, everyMs / 2);
  const claimed = await db.$queryRaw<unknown[]>`
    INSERT INTO periodic_run (what, next_at) VALUES (${what}, now() + make_interval(secs => ${until / 1000}))
    ON CONFLICT (what) DO UPDATE SET next_at = EXCLUDED.next_at WHERE periodic_run.next_at <= now()
    RETURNING 1`;
  return claimed.length > 0;
}

/**
 * Housekeeping a worker runs on a timer (sweeps, expiries, pruning): never in a process that only
 * serves the API, one run at a time, a failure logged and retried at the next tick, and a run under
 * way finished before the process closes its database connections; once per period among every
 * worker process (`claimPeriod`): two workers do not both sweep.
 */
export class PeriodicWork {
  private timers: NodeJS.Timeout[] = [];
  private running?: Promise<unknown>;

  constructor(
    private readonly what: string,
    private readonly work: () => Promise<unknown>,
    private readonly log: Logger,
    private readonly db: Pick<PrismaService, '$queryRaw'>,
  ) {}

  /** Every `everyMs` from `firstAfterMs` after start (default: one period), in the worker roles only. */
  start(role: AppConfig['role'], everyMs: number, firstAfterMs = everyMs): void {
    if (role === 'api') return;
    const tick = () => {
      this.running ??= claimPeriod(this.db, this.what, everyMs)
        .then((mine) => (mine ? this.work() : undefined))
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

/**
 * A sweep's delete, batch after batch (`statement` deletes at most `limit` rows) until a batch deletes fewer: short
 * transactions whatever the backlog. Answers how many rows went.
 */
export async function deleteInBatches(db: Pick<PrismaService, '$executeRaw'>, limit: number, statement: (limit: number) => Prisma.Sql): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await db.$executeRaw(statement(limit));
    deleted += gone;
    if (gone < limit) return deleted;
  }
}
