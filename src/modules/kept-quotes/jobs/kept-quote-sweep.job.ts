import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PrismaService } from '../../../platform/database/prisma.service';
import { Prisma } from '../../../generated/prisma/client';
import { deleteInBatches, PeriodicWork } from '../../../platform/jobs/periodic';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';

const SWEEP_EVERY_MS = 24 * 3600_000;
/**
 * How long an expired quote stays: its link still opens and says "venció: cotiza de nuevo" for a patient who kept it
 * in a chat or a printed PDF; after that it answers 404 like a reference that never existed.
 */
export const KEPT_AFTER_EXPIRY_DAYS = 180;
/** Rows deleted per statement: short transactions. */
const BATCH = 1000;

/** Deletes kept quotes KEPT_AFTER_EXPIRY_DAYS past their validity, daily, in the worker roles. */
@Injectable()
export class KeptQuoteSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'kept-quotes' });
    this.periodic = new PeriodicWork('kept quote sweep', () => this.sweep(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS, 60_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep; `now` is for tests. Answers how many quotes went. */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - KEPT_AFTER_EXPIRY_DAYS * 86_400_000);
    const deleted = await deleteInBatches(this.prisma, BATCH, (limit) => Prisma.sql`
      DELETE FROM kept_quote WHERE id IN (SELECT id FROM kept_quote WHERE valid_until < ${before} ORDER BY id LIMIT ${limit})`);
    if (deleted > 0) this.log.info({ deleted }, 'removed long-expired kept quotes');
    return deleted;
  }
}
