import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PrismaService } from '../../../platform/database/prisma.service';
import { JOB_QUEUE, QueueName, type Job, type JobQueue } from '../../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';
import { truncateIp } from '../domain/ip';
import { isCartRoute, openedLaboratory, reportDay, routeKey } from '../domain/routes';
import { onPrisma } from '../../../platform/database/hot-path';
import { claimBatch, RollupWriter } from '../infrastructure/rollups';

/** One route change as the API saw it. */
export interface AccessEntry {
  route: string;
  session: number;
  personId: number | null;
  /** Already truncated: a full address never reaches the queue. */
  ip: string | null;
  /** ISO instant of the request. */
  at: string;
}

/** A batch of route changes: one queue job, applied once however often it is delivered. */
export interface AccessLogJob {
  entries: AccessEntry[];
}

/** At most this many route changes per job, handed over at most this late. */
const BATCH_SIZE = 200;
const BATCH_DELAY_MS = 100;

/**
 * Takes route changes on the API, hands them to the queue in batches, and (in the worker roles)
 * writes each batch with its rollups in one transaction. The request never waits for the queue.
 */
@Injectable()
export class AccessLogWriter implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log: Logger;
  private pending: AccessEntry[] = [];
  private timer?: NodeJS.Timeout;
  private readonly flushing = new Set<Promise<void>>();

  constructor(
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'reports' });
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.queue.process<AccessLogJob>(QueueName.AccessLog, (job) => this.write(job), { concurrency: 2 });
  }

  /** Keeps a route change for the next batch. */
  record(route: string, session: number, personId: number | null, ip: string | null): void {
    this.pending.push({ route, session, personId, ip: truncateIp(ip), at: new Date().toISOString() });
    if (this.pending.length >= BATCH_SIZE) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_DELAY_MS);
  }

  /** Hands what is pending to the queue; resolves when every hand-over started so far is done. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.flushing]);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.pending;
    this.pending = [];
    if (entries.length === 0) return;
    const done = this.queue
      .addBulk<AccessLogJob>(QueueName.AccessLog, [{ name: 'access', data: { entries }, jobId: randomUUID() }])
      .catch((err: unknown) => this.log.warn({ err, entries: entries.length }, 'access log not recorded'))
      .finally(() => this.flushing.delete(done));
    this.flushing.add(done);
  }

  async onModuleDestroy(): Promise<void> {
    await this.drain();
  }

  /** Writes one batch and its rollups, or nothing when the batch was applied before. */
  async write({ id, data }: Job<AccessLogJob>): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      if (!(await claimBatch(tx, id, 'access'))) return;
      const personIds = [...new Set(data.entries.map((e) => e.personId).filter((p): p is number => p !== null))];
      const labIds = [...new Set(data.entries.map((e) => openedLaboratory(e.route)).filter((l): l is number => l !== null))];
      // A person deleted (or a laboratory id made up) since the request is recorded as nobody / no page.
      const persons = new Set(personIds.length ? (await tx.person.findMany({ where: { id: { in: personIds } }, select: { id: true } })).map((p) => p.id) : []);
      const labs = new Set(labIds.length ? (await tx.laboratory.findMany({ where: { id: { in: labIds } }, select: { id: true } })).map((l) => l.id) : []);
      const rollups = new RollupWriter();
      const rows = data.entries.map((e) => {
        const personId = e.personId !== null && persons.has(e.personId) ? e.personId : null;
        const opened = openedLaboratory(e.route);
        const laboratoryId = opened !== null && labs.has(opened) ? opened : null;
        const at = new Date(e.at);
        const day = reportDay(at);
        const session = BigInt(e.session);
        rollups.route(day, routeKey(e.route), personId !== null);
        rollups.session(day, session, { visits: 1, labOpens: laboratoryId === null ? 0 : 1, carts: isCartRoute(e.route) ? 1 : 0, personId });
        if (laboratoryId !== null) rollups.laboratory(day, laboratoryId, { opens: 1 });
        return { route: e.route, session, personId, ip: e.ip, laboratoryId, createdAt: at };
      });
      await tx.accessLog.createMany({ data: rows });
      await rollups.flush(onPrisma(tx));
    });
  }
}
