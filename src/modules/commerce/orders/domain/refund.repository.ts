import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { NewRefund, Refund } from './refund';

/** Where refunds are kept (one per order); `null` for `tx` reads outside any transaction. */
export interface RefundRepository {
  /** The refund of the order, asked for or done; null when none. */
  ofOrder(tx: Transaction | null, salesOrderId: number): Promise<Refund | null>;
  /** The refund with this id; null when none (a request the gateway refused is removed). */
  find(tx: Transaction | null, id: number): Promise<Refund | null>;
  /** Keeps a request before the gateway is asked: the refund, with its id, REQUESTED. */
  add(tx: Transaction, refund: NewRefund): Promise<Refund>;
  /** Writes what the refund's transition changed; throws when the refund is gone. */
  save(tx: Transaction, refund: Refund): Promise<void>;
  /** Removes a request the gateway refused, on its own (no transaction), unless it was done meanwhile. */
  withdraw(id: number): Promise<void>;
  /** The ids of refunds asked for before `before` whose gateway answer was never recorded, oldest first (no transaction). */
  requestedSince(before: Date, limit: number): Promise<number[]>;
}

export const REFUND_REPOSITORY = Symbol('RefundRepository');
