import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import type { CheckoutResult } from '../../../../../contracts/sales-orders';
import type { Transaction } from '../../../../../platform/cqrs/transaction';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { BUYER_ACCOUNTS, type BuyerAccounts } from '../../domain/buyer-accounts';
import { gatewaySessionId, newVoucherCode } from '../../domain/order-codes';
import { ORDER_PRICING, type OrderPricing } from '../../domain/order-pricing';
import { PAYMENT_REPOSITORY, type PaymentRepository } from '../../domain/payment.repository';
import { SalesOrder, type OrderBuyer, type SalesOrderState } from '../../domain/sales-order';
import { SALES_ORDER_REPOSITORY, type SalesOrderRepository } from '../../domain/sales-order.repository';
import { PaymentGatewayUnavailableError, PaymentMethodUnavailableError } from '../../orders.errors';
import { PAYMENT_GATEWAY, PAYMENT_RETURN_PATH, PaymentGatewayError, type PaymentGateway } from '../../payments/payment-gateway';
import { PlaceOrderCommand, type Buyer, type PlaceOrderInput } from './place-order.command';

/** A gateway call happens inside the transaction (so a concurrent retry waits for it): room for Webpay's slowest answer. */
const CHECKOUT_TX_TIMEOUT_MS = 30_000;

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SALES_ORDER_REPOSITORY) private readonly orders: SalesOrderRepository,
    @Inject(PAYMENT_REPOSITORY) private readonly payments: PaymentRepository,
    @Inject(ORDER_PRICING) private readonly pricing: OrderPricing,
    @Inject(BUYER_ACCOUNTS) private readonly accounts: BuyerAccounts,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'checkout' });
  }

  async execute({ buyer, input }: PlaceOrderCommand): Promise<CheckoutResult> {
    if (input.paymentMethod !== this.gateway.code) throw new PaymentMethodUnavailableError();
    const requestHash = fingerprint(buyer, input);
    // 1. The order, priced by the server, in one short transaction.
    const placed = await this.uow.run(null, async (tx): Promise<{ done: CheckoutResult } | { order: SalesOrder }> => {
      // One order per key: a second request with the key (a double click, a retried POST) waits here for the first.
      const existing = await this.orders.holdKey(tx, input.idempotencyKey);
      if (existing) {
        existing.assertSameRequest(requestHash);
        const payment = await this.payments.latestOf(tx, existing.state.id);
        // Placed by an earlier copy of this request whose gateway transaction is still being started: this one starts it too.
        if (!payment) return { order: existing };
        return { done: this.result(existing.state, payment.state.token, payment.url) };
      }

      const { laboratoryId, items, shippingMethod, comunaId } = input;
      const ids = (kind: 'EXAM' | 'PRODUCT') => items.filter((item) => (item.kind ?? 'EXAM') === kind).map((item) => item.id);
      const [branch, exams, products, homeFee] = [
        await this.pricing.branch(tx, laboratoryId),
        await this.pricing.exams(tx, ids('EXAM')),
        await this.pricing.products(tx, ids('PRODUCT')),
        // The branch's own fee in that comuna: the one its quote in the search added.
        shippingMethod === 'HOME' && comunaId !== undefined ? await this.pricing.homeFee(tx, laboratoryId, comunaId) : null,
      ];
      const order = SalesOrder.place({
        number: await this.uniqueNumber(tx),
        idempotencyKey: input.idempotencyKey,
        requestHash,
        cart: input,
        buyer: await this.buyerOf(tx, buyer),
        branch, exams, products, homeFee,
      });
      return { order: await this.orders.add(tx, order) };
    }, { timeout: CHECKOUT_TX_TIMEOUT_MS });
    if ('done' in placed) return placed.done;
    const { order } = placed;

    // 2. The gateway's transaction, with no database transaction open: a slow gateway (or the simulator's
    // own queries) holds no connection and no lock, so ten checkouts at once never starve the pool.
    let started: { token: string; url: string };
    try {
      started = await this.gateway.create({
        buyOrder: order.state.number,
        sessionId: gatewaySessionId(order.state.accessKey),
        amount: order.state.total,
        returnUrl: this.gateway.code === 'simulator' ? PAYMENT_RETURN_PATH : `${this.config.publicUrl}${PAYMENT_RETURN_PATH}`,
      });
    } catch (error) {
      // Nothing is kept: the order goes (unless a copy of this request got its payment meanwhile), and the buyer can try again.
      this.log.warn({ err: error, salesOrder: order.state.number }, 'payment gateway refused to start a transaction');
      await this.orders.discardUnstarted(order.state.id);
      if (error instanceof PaymentGatewayError) throw new PaymentGatewayUnavailableError();
      throw error;
    }

    // 3. Its payment, once: a copy of this request that got there first keeps its own (this gateway transaction is never used).
    return this.uow.run(null, async (tx, changes) => {
      const kept = await this.orders.lock(tx, order.state.id);
      // A copy of this request met a gateway failure and removed the order meanwhile: this attempt is over too.
      if (!kept) throw new PaymentGatewayUnavailableError();
      const first = await this.payments.firstOf(tx, kept.state.id);
      if (first) return this.result(order.state, first.state.token, first.url);
      await this.payments.add(tx, kept.startPayment(this.gateway.code, started));
      changes.record(...kept.pullEvents());
      return this.result(order.state, started.token, started.url);
    });
  }

  /** Who buys, as the order keeps it: a visitor's typed data, or a signed-in person's account (what they typed first). */
  private async buyerOf(tx: Transaction, buyer: Buyer): Promise<OrderBuyer> {
    if (buyer.kind === 'visitor') {
      return { personId: null, email: buyer.email, firstName: buyer.firstName, lastName: buyer.lastName, rut: buyer.rut, phone: buyer.phone ?? null };
    }
    const account = await this.accounts.contactOf(tx, buyer.personId);
    return { personId: buyer.personId, email: account.email, firstName: account.firstName, lastName: account.lastName, rut: buyer.rut ?? account.rut, phone: buyer.phone ?? account.phone };
  }

  /** A voucher code no order has yet (a collision is one in 10^11; a second draw settles it). */
  private async uniqueNumber(tx: Transaction): Promise<string> {
    for (;;) {
      const code = newVoucherCode();
      if (!(await this.orders.numberTaken(tx, code))) return code;
    }
  }

  private result(order: Readonly<SalesOrderState>, token: string, url: string): CheckoutResult {
    return {
      salesOrder: { id: order.id, number: order.number, status: order.status, total: order.total, accessKey: order.accessKey },
      payment: { gateway: this.gateway.code, url, token, method: 'POST', field: 'token_ws' },
    };
  }
}

/** The request the key stands for (who buys and what), so that a reused key with another request is told apart. */
function fingerprint(buyer: Buyer, input: PlaceOrderInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ buyer, ...rest })).digest('hex');
}
