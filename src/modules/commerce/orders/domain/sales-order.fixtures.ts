import type { Transaction } from '../../../../platform/cqrs/transaction';
import { SalesOrder, type SalesOrderState } from './sales-order';
import type { SalesOrderRepository } from './sales-order.repository';

/** A sales order of laboratory 10 (company 1) in the state given, for the specs. */
export const orderIn = (status: SalesOrderState['status'], fields: Partial<SalesOrderState> = {}) =>
  SalesOrder.restore({
    id: 41, number: 'CL-0041', accessKey: 'k'.repeat(32), status, total: 18_990, companyId: 1, laboratoryId: 10,
    validUntil: null, paidAt: null, paymentRef: null, redeemedAt: null, closedAt: null, failureReason: null, ...fields,
  });

/** Orders kept in memory, as the Prisma adapter keeps them in PostgreSQL (a saved order is a copy, as a row is). */
export class FakeSalesOrderRepository implements SalesOrderRepository {
  readonly rows = new Map<number, SalesOrderState>();

  constructor(...orders: SalesOrder[]) {
    for (const order of orders) this.rows.set(order.state.id, { ...order.state });
  }

  async lock(_tx: Transaction, id: number): Promise<SalesOrder | null> {
    const row = this.rows.get(id);
    return row ? SalesOrder.restore(row) : null;
  }

  async save(_tx: Transaction, order: SalesOrder): Promise<void> {
    this.rows.set(order.state.id, { ...order.state });
  }
}
