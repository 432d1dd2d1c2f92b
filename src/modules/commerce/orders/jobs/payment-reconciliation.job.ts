import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { PeriodicWork } from '../../../../platform/jobs/periodic';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { ConfirmPaymentCommand } from '../commands/confirm-payment/confirm-payment.command';
import { RefundSalesOrderHandler } from '../commands/refund-sales-order/refund-sales-order.handler';
import { PAYMENT_REPOSITORY, type PaymentRepository } from '../domain/payment.repository';
import { REFUND_REPOSITORY, type RefundRepository } from '../domain/refund.repository';

const SWEEP_EVERY_MS = 60_000;
/** A step older than this lost its answer (a request never takes so long): the gateway's record settles it. */
export const STUCK_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/**
 * Settles payments and refunds whose gateway answer was never recorded (the process died between
 * asking the gateway and writing its answer, or the gateway could not be reached): a payment left
 * COMMITTING or a refund left REQUESTED is settled from the gateway's own record of the
 * transaction, so the order ends in the state the money is in. Worker roles; each step is idempotent.
 */
@Injectable()
export class PaymentReconciliationJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    private readonly commands: CommandBus,
    private readonly refundHandler: RefundSalesOrderHandler,
    @Inject(PAYMENT_REPOSITORY) private readonly payments: PaymentRepository,
    @Inject(REFUND_REPOSITORY) private readonly refunds: RefundRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'payments' });
    this.periodic = new PeriodicWork('payment reconciliation', () => this.sweep(), this.log, this.prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS, SWEEP_EVERY_MS / 2);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep at `now`: how many payments and refunds it settled. */
  async sweep(now = new Date()): Promise<{ payments: number; refunds: number }> {
    const before = new Date(now.getTime() - STUCK_AFTER_MS);
    const payments = await this.payments.committingSince(before, BATCH);
    let settledPayments = 0;
    for (const token of payments) {
      const outcome = await this.commands.execute(new ConfirmPaymentCommand({ reconcileToken: token }));
      if (!outcome.pending) settledPayments++;
    }
    const refunds = await this.refunds.requestedSince(before, BATCH);
    let settledRefunds = 0;
    for (const id of refunds) {
      await this.refundHandler.reconcile(id);
      const refund = await this.refunds.find(null, id);
      if (!refund || refund.isDone) settledRefunds++;
    }
    if (payments.length + refunds.length > 0) this.log.info({ payments: settledPayments, refunds: settledRefunds, stuck: payments.length + refunds.length }, 'payments and refunds reconciled with the gateway');
    return { payments: settledPayments, refunds: settledRefunds };
  }
}
