import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { NewSalesOrder, SalesOrder } from './sales-order';

/** Where sales orders are kept; every call runs in the caller's transaction unless it says otherwise. */
export interface SalesOrderRepository {
  /** The order, its row locked until the transaction ends (two counters, two returns or two clicks act once); null when none. */
  lock(tx: Transaction, id: number): Promise<SalesOrder | null>;
  /** The order as it is now, unlocked; `null` for `tx` reads outside any transaction. */
  find(tx: Transaction | null, id: number): Promise<SalesOrder | null>;
  /** Writes what the order's transitions changed. */
  save(tx: Transaction, order: SalesOrder): Promise<void>;

  /**
   * Holds the checkout's idempotency key until the transaction ends (a second request with it, a double click or a
   * retried POST, waits here for the first), and answers the order placed with it, if any.
   */
  holdKey(tx: Transaction, idempotencyKey: string): Promise<SalesOrder | null>;
  /** Whether an order already has this number (a voucher code). */
  numberTaken(tx: Transaction, number: string): Promise<boolean>;
  /** Keeps a newly placed order with its lines: the order, with its id, waiting for its payment. */
  add(tx: Transaction, order: NewSalesOrder): Promise<SalesOrder>;
  /**
   * Removes an order whose payment could not be started, on its own (no transaction): unless a copy of its checkout
   * started one meanwhile.
   */
  discardUnstarted(id: number): Promise<void>;
}

export const SALES_ORDER_REPOSITORY = Symbol('SalesOrderRepository');
