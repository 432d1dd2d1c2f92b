import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { DeliveryTracker, type DeliveryBacklog } from '../messaging/delivery-tracker';
import { JOB_QUEUE, type JobQueue } from '../messaging/job-queue';

/** Something a module needs reachable before the process is ready (the search index...). */
export interface ReadinessCheck {
  readonly name: string;
  /** Which adapter answers (`postgres`, `elasticsearch`), shown in the health answer. */
  readonly kind: string;
  /** Throws when unreachable. */
  ping(): Promise<void>;
}

/** Where modules register their readiness checks, so the platform's health route needs no module. */
@Injectable()
export class ReadinessChecks {
  private readonly checks: ReadinessCheck[] = [];

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  all(): readonly ReadinessCheck[] {
    return this.checks;
  }
}

export type CheckStatus = 'ok' | 'unreachable';

/**
 * `ready`: everything answers. `degraded`: what the role needs answers, something else does not (the
 * API without Redis still serves searches and writes: its events wait in the outbox). `not-ready`: a
 * check the role needs failed. `shutting-down`: the process is stopping; a balancer should stop sending.
 */
export type ReadinessStatus = 'ready' | 'degraded' | 'not-ready' | 'shutting-down';

export interface ReadinessReport {
  status: ReadinessStatus;
  checks: Record<string, string>;
  /** Events some subscriber has not processed past the re-drive threshold (null when it could not be read). */
  delivery: DeliveryBacklog | null;
  /** The failed checks that the role needs. */
  failing: string[];
}

/** A probe must answer before the balancer's own timeout: each check gets this long. */
const CHECK_TIMEOUT_MS = 800;
/** Probes from several balancers and replicas share one round of checks per this period. */
const CACHE_MS = 1000;

/**
 * What /api/health/ready answers, per role: the API needs PostgreSQL; a worker needs PostgreSQL and
 * the queue (it does nothing without either). Any other check failing makes it `degraded`, still
 * serving. Checks run in parallel with a short timeout, and the answer is cached for a second.
 */
@Injectable()
export class Readiness implements OnModuleDestroy {
  private stopping = false;
  private cached?: { at: number; report: Promise<ReadinessReport> };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly checks: ReadinessChecks,
    private readonly delivery: DeliveryTracker,
  ) {}

  /** From now on readiness answers 503, while the process finishes what it is doing. */
  beginShutdown(): void {
    this.stopping = true;
  }

  /** The first of Nest's shutdown hooks: the HTTP server still answers until after the others ran. */
  onModuleDestroy(): void {
    this.beginShutdown();
  }

  async report(): Promise<ReadinessReport> {
    if (this.stopping) return { status: 'shutting-down', checks: {}, delivery: null, failing: [] };
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= CACHE_MS) this.cached = { at: now, report: this.measure() };
    const report = await this.cached.report;
    return this.stopping ? { ...report, status: 'shutting-down' } : report;
  }

  private async measure(): Promise<ReadinessReport> {
    const modules = this.checks.all();
    const [database, queue, delivery, ...others] = await Promise.all([
      status(this.prisma.$queryRaw`SELECT 1`),
      status(this.queue.ping()),
      withTimeout(this.delivery.backlog()).catch(() => null),
      ...modules.map((c) => status(c.ping())),
    ]);
    const checks: Record<string, string> = { database, queue, queueKind: this.queue.kind };
    modules.forEach((check, i) => Object.assign(checks, { [check.name]: others[i], [`${check.name}Kind`]: check.kind }));
    const needed = this.config.role === 'worker' ? ['database', 'queue'] : ['database'];
    const failed = Object.entries({ database, queue, ...Object.fromEntries(modules.map((c, i) => [c.name, others[i]])) })
      .filter(([, s]) => s !== 'ok')
      .map(([name]) => name);
    const failing = failed.filter((name) => needed.includes(name));
    return { status: failing.length > 0 ? 'not-ready' : failed.length > 0 ? 'degraded' : 'ready', checks, delivery, failing };
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function status(ping: Promise<unknown>): Promise<CheckStatus> {
  return withTimeout(ping).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
}
