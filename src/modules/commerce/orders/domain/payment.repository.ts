import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { NewPayment, Payment } from './payment';

/**
 * Where an order's payments are kept; every call runs in the caller's transaction unless it says otherwise. A
 * payment is locked before its order, on every path that locks both.
 */
export interface PaymentRepository {
  /** The payment of this gateway token, its row locked until the transaction ends; null when we never started it. */
  lockByToken(tx: Transaction, token: string): Promise<Payment | null>;
  /** The latest payment started under this buy order (an order's number), locked; null when none. */
  lockLatestOfBuyOrder(tx: Transaction, buyOrder: string): Promise<Payment | null>;
  /** The first payment started for the order (the one a copy of its checkout that got there first keeps); null when none. */
  firstOf(tx: Transaction, salesOrderId: number): Promise<Payment | null>;
  /** The latest payment started for the order (what a replayed checkout answers with); null when none. */
  latestOf(tx: Transaction, salesOrderId: number): Promise<Payment | null>;
  /** The latest authorized payment of the order (what a refund gives back); null when none. */
  authorizedOf(tx: Transaction, salesOrderId: number): Promise<Payment | null>;
  add(tx: Transaction, payment: NewPayment): Promise<void>;
  /** Writes what the payment's transitions changed. */
  save(tx: Transaction, payment: Payment): Promise<void>;
  /** The tokens of payments claimed before `before` whose gateway answer was never recorded, oldest first (no transaction). */
  committingSince(before: Date, limit: number): Promise<string[]>;
}

export const PAYMENT_REPOSITORY = Symbol('PaymentRepository');
