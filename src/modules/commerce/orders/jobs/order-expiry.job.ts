import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { AdvisoryLock } from '../../../../platform/database/locks';
import { PeriodicWork } from '../../../../platform/jobs/periodic';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { SalesOrderCancelled, SalesOrderExpired } from '../orders.events';

/** How often a worker looks for vouchers past their validity and payments never completed. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A payment not completed in this time is abandoned (Webpay's own form expires after a few minutes). */
export const ABANDONED_PAYMENT_MS = 60 * 60_000;
/** Orders closed per transaction: short transactions, events in the same commit as their change. */
const BATCH = 500;

/**
 * Expires paid vouchers nobody used within their validity (PAID → EXPIRED) and closes orders whose
 * payment never came back (PENDING_PAYMENT → CANCELLED), each with its event, in the worker roles,
 * one worker at a time.
 */
@Injectable()
export class OrderExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly uow: UnitOfWork,
    prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'orders' });
    this.periodic = new PeriodicWork('order expiry sweep', () => this.sweep(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep at `now`; answers how many orders it expired and cancelled. */
  async sweep(now = new Date()): Promise<{ expired: number; cancelled: number }> {
    const expired = await this.inBatches('EXPIRED', now);
    const cancelled = await this.inBatches('CANCELLED', now);
    if (expired + cancelled > 0) this.log.info({ expired, cancelled }, 'orders expired or cancelled');
    return { expired, cancelled };
  }

  private async inBatches(to: 'EXPIRED' | 'CANCELLED', now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.uow.run(null, async (tx, changes) => {
        const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${AdvisoryLock.OrderExpiry}) AS ok`;
        if (!lock.ok) return -1;
        const rows = to === 'EXPIRED'
          ? await tx.$queryRaw<{ id: number; companyId: number; laboratoryId: number }[]>`
              UPDATE sales_order SET status = 'EXPIRED', closed_at = ${now}, updated_at = ${now}
              WHERE id IN (SELECT id FROM sales_order WHERE status = 'PAID' AND valid_until <= ${now} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
              RETURNING id, company_id AS "companyId", laboratory_id AS "laboratoryId"`
          : await tx.$queryRaw<{ id: number; companyId: number; laboratoryId: number }[]>`
              UPDATE sales_order SET status = 'CANCELLED', closed_at = ${now}, updated_at = ${now}, failure_reason = 'El pago no se completó a tiempo.'
              WHERE id IN (SELECT o.id FROM sales_order o WHERE o.status = 'PENDING_PAYMENT' AND o.created_at <= ${new Date(now.getTime() - ABANDONED_PAYMENT_MS)}
                             -- Not one whose payment the gateway was asked to commit: the reconciliation sweep settles it from the gateway's record.
                             AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.sales_order_id = o.id AND p.status = 'COMMITTING')
                           ORDER BY o.id LIMIT ${BATCH} FOR UPDATE OF o SKIP LOCKED)
              RETURNING id, company_id AS "companyId", laboratory_id AS "laboratoryId"`;
        const event = to === 'EXPIRED' ? SalesOrderExpired : SalesOrderCancelled;
        changes.record(...rows.map((row) => event({ salesOrderId: row.id, companyId: row.companyId, laboratoryId: row.laboratoryId })));
        return rows.length;
      });
      if (n < 0) return total;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
