import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { SalesOrder } from './sales-order';

/** Where sales orders are kept; every call runs in the caller's transaction. */
export interface SalesOrderRepository {
  /** The order, its row locked until the transaction ends (two counters, two returns or two clicks act once); null when none. */
  lock(tx: Transaction, id: number): Promise<SalesOrder | null>;
  /** Writes what the order's transitions changed. */
  save(tx: Transaction, order: SalesOrder): Promise<void>;
}

export const SALES_ORDER_REPOSITORY = Symbol('SalesOrderRepository');
