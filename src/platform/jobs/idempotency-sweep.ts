import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../../generated/prisma/client';
import { deleteInBatches, PeriodicWork } from './periodic';
import { ROOT_LOGGER } from '../platform.tokens';
import { IDEMPOTENCY_TTL_HOURS } from '../database/idempotency-records';

const SWEEP_EVERY_MS = 3600_000;
/** Rows deleted per statement: short transactions. */
const BATCH = 5000;

/** Deletes idempotency records older than IDEMPOTENCY_TTL_HOURS, hourly, in the worker roles (an older one is not replayed anyway). */
@Injectable()
export class IdempotencySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'idempotency' });
    this.periodic = new PeriodicWork('idempotency sweep', () => this.sweep(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS, 60_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep; `now` is for tests. Answers how many records went. */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
    const deleted = await deleteInBatches(this.prisma, BATCH, (limit) => Prisma.sql`
      DELETE FROM idempotency_record WHERE ctid IN (SELECT ctid FROM idempotency_record WHERE created_at < ${before} LIMIT ${limit})`);
    if (deleted > 0) this.log.info({ deleted }, 'removed expired idempotency records');
    return deleted;
  }
}
