import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../../generated/prisma/client';
import { ROOT_LOGGER } from '../platform.tokens';
import { IDEMPOTENCY_TTL_HOURS } from '../database/idempotency-records';
import { RetentionSweep } from './retention-sweep';

/** Deletes idempotency records older than IDEMPOTENCY_TTL_HOURS, hourly (an older one is not replayed anyway). */
@Injectable()
export class IdempotencySweep extends RetentionSweep {
  constructor(prisma: PrismaService, @Inject(APP_CONFIG) config: AppConfig, @Inject(ROOT_LOGGER) log: Logger) {
    super(prisma, config, log, { what: 'idempotency sweep', module: 'idempotency', everyMs: 3600_000, batch: 5000, deletedMessage: 'removed expired idempotency records' });
  }

  protected deleteBatch(now: Date, limit: number): Prisma.Sql {
    const before = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
    return Prisma.sql`DELETE FROM idempotency_record WHERE ctid IN (SELECT ctid FROM idempotency_record WHERE created_at < ${before} LIMIT ${limit})`;
  }
}
