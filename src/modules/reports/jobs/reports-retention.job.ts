import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import { PeriodicWork } from '../../../platform/jobs/periodic';
import { PrismaService } from '../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';

/** Rows deleted per statement: short transactions that never hold the tables for long. */
const PRUNE_BATCH = 5000;
/** How often a worker looks for history past the retention. */
const PRUNE_EVERY_MS = 6 * 3600_000;

/**
 * Deletes raw report rows older than REPORTS_RETENTION_DAYS (access log, searches and, with them,
 * their results; applied batch ids), in the worker roles, one worker at a time. The daily rollups
 * are kept: the dashboard of past years still adds up.
 */
@Injectable()
export class ReportsRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'reports' });
    this.periodic = new PeriodicWork('report retention', () => this.prune(), this.log, this.prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, PRUNE_EVERY_MS, 60_000);
  }

  /** No new run starts, and the one under way ends before the database connection closes. */
  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  async prune(): Promise<{ accessLog: number; searches: number; batches: number }> {
    const days = this.config.reports.retentionDays;
    const accessLog = await this.inBatches((tx) => tx.$executeRaw`
      DELETE FROM access_log WHERE id IN (SELECT id FROM access_log WHERE created_at < now() - make_interval(days => ${days}) ORDER BY id LIMIT ${PRUNE_BATCH})`);
    const searches = await this.inBatches((tx) => tx.$executeRaw`
      DELETE FROM search_history WHERE id IN (SELECT id FROM search_history WHERE created_at < now() - make_interval(days => ${days}) ORDER BY id LIMIT ${PRUNE_BATCH})`);
    // A batch id only has to outlive the queue's memory of its job; the raw rows' retention is ample.
    const batches = await this.inBatches((tx) => tx.$executeRaw`
      DELETE FROM report_batch WHERE job_id IN (SELECT job_id FROM report_batch WHERE applied_at < now() - make_interval(days => ${days}) LIMIT ${PRUNE_BATCH})`);
    if (accessLog + searches + batches > 0) this.log.info({ accessLog, searches, batches, days }, 'pruned report history');
    return { accessLog, searches, batches };
  }

  /** Deletes batch after batch, each in a short transaction holding the prune lock; stops when another worker holds it. */
  private async inBatches(run: (tx: Prisma.TransactionClient) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.prisma.$transaction(async (tx) => {
        const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${AdvisoryLock.ReportPrune}) AS ok`;
        return lock.ok ? run(tx) : -1;
      });
      if (n < 0) return total;
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }
}
