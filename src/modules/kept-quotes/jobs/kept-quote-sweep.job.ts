import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PrismaService } from '../../../platform/database/prisma.service';
import { Prisma } from '../../../generated/prisma/client';
import { RetentionSweep } from '../../../platform/jobs/retention-sweep';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';

/**
 * How long an expired quote stays: its link still opens and says "venció: cotiza de nuevo" for a patient who kept it
 * in a chat or a printed PDF; after that it answers 404 like a reference that never existed.
 */
export const KEPT_AFTER_EXPIRY_DAYS = 180;

/** Deletes kept quotes KEPT_AFTER_EXPIRY_DAYS past their validity, daily. */
@Injectable()
export class KeptQuoteSweep extends RetentionSweep {
  constructor(prisma: PrismaService, @Inject(APP_CONFIG) config: AppConfig, @Inject(ROOT_LOGGER) log: Logger) {
    super(prisma, config, log, { what: 'kept quote sweep', module: 'kept-quotes', everyMs: 24 * 3600_000, batch: 1000, deletedMessage: 'removed long-expired kept quotes' });
  }

  protected deleteBatch(now: Date, limit: number): Prisma.Sql {
    const before = new Date(now.getTime() - KEPT_AFTER_EXPIRY_DAYS * 86_400_000);
    return Prisma.sql`DELETE FROM kept_quote WHERE id IN (SELECT id FROM kept_quote WHERE valid_until < ${before} ORDER BY id LIMIT ${limit})`;
  }
}
