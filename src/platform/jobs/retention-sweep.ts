import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import type { Prisma } from '../../generated/prisma/client';
import type { PrismaService } from '../database/prisma.service';
import { deleteInBatches, PeriodicWork } from './periodic';

export interface RetentionSweepOptions {
  /** What the sweep is, in logs and in the periodic claims (one worker per period). */
  what: string;
  /** The module its log lines name. */
  module: string;
  everyMs: number;
  /** Rows deleted per statement: short transactions. */
  batch: number;
  /** The log line when rows went. */
  deletedMessage: string;
}

/**
 * Rows kept for a while and then deleted: every period, in the worker roles and by one worker per period, batch
 * after batch. A sweep says which rows are past their time with the statement that deletes one batch of them.
 */
export abstract class RetentionSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  protected constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    log: Logger,
    private readonly options: RetentionSweepOptions,
  ) {
    this.log = log.child({ module: options.module });
    this.periodic = new PeriodicWork(options.what, () => this.sweep(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, this.options.everyMs, 60_000);
  }

  /** No new run starts, and the one under way ends before the database connection closes. */
  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep; `now` is for tests. Answers how many rows went. */
  async sweep(now = new Date()): Promise<number> {
    const deleted = await deleteInBatches(this.prisma, this.options.batch, (limit) => this.deleteBatch(now, limit));
    if (deleted > 0) this.log.info({ deleted }, this.options.deletedMessage);
    return deleted;
  }

  /** The statement deleting at most `limit` rows past their time at `now`. */
  protected abstract deleteBatch(now: Date, limit: number): Prisma.Sql;
}
