import type { Transaction } from '../../../../platform/cqrs/transaction';
import { SalesOrder, type NewSalesOrder, type SalesOrderState } from './sales-order';
import type { SalesOrderRepository } from './sales-order.repository';

/** A sales order of laboratory 10 (company 1) in the state given, for the specs. */
export const orderIn = (status: SalesOrderState['status'], fields: Partial<SalesOrderState> = {}) =>
  SalesOrder.restore({
    id: 41, number: 'CL-0041', accessKey: 'k'.repeat(32), status, total: 18_990, companyId: 1, laboratoryId: 10,
    validUntil: null, paidAt: null, paymentRef: null, redeemedAt: null, closedAt: null, failureReason: null, requestHash: 'h'.repeat(64), ...fields,
  });

/**
 * Orders kept in memory, as the Prisma adapter keeps them in PostgreSQL (a saved order is a copy, as a row is). `placed`
 * keeps what checkout wrote of each order it placed (buyer, lines, shipping); `hasPayment` stands for the payment table
 * an order is discarded by (set it to the payments fake's).
 */
export class FakeSalesOrderRepository implements SalesOrderRepository {
  readonly rows = new Map<number, SalesOrderState>();
  readonly placed = new Map<number, NewSalesOrder>();
  hasPayment: (salesOrderId: number) => boolean = () => false;
  private nextId = 1000;

  constructor(...orders: SalesOrder[]) {
    for (const order of orders) this.rows.set(order.state.id, { ...order.state });
  }

  async lock(_tx: Transaction, id: number): Promise<SalesOrder | null> {
    return this.find(null, id);
  }

  async find(_tx: Transaction | null, id: number): Promise<SalesOrder | null> {
    const row = this.rows.get(id);
    return row ? SalesOrder.restore(row) : null;
  }

  async save(_tx: Transaction, order: SalesOrder): Promise<void> {
    this.rows.set(order.state.id, { ...order.state });
  }

  async holdKey(_tx: Transaction, idempotencyKey: string): Promise<SalesOrder | null> {
    const id = [...this.placed].find(([, order]) => order.idempotencyKey === idempotencyKey)?.[0];
    return id === undefined ? null : this.find(null, id);
  }

  async numberTaken(_tx: Transaction, number: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.number === number);
  }

  async add(_tx: Transaction, order: NewSalesOrder): Promise<SalesOrder> {
    const id = this.nextId++;
    this.placed.set(id, structuredClone(order));
    this.rows.set(id, {
      id, number: order.number, accessKey: order.accessKey, status: 'PENDING_PAYMENT', total: order.total, companyId: order.companyId, laboratoryId: order.laboratoryId,
      validUntil: null, paidAt: null, paymentRef: null, redeemedAt: null, closedAt: null, failureReason: null, requestHash: order.requestHash,
    });
    return (await this.find(null, id))!;
  }

  async discardUnstarted(id: number): Promise<void> {
    if (this.hasPayment(id)) return;
    this.rows.delete(id);
    this.placed.delete(id);
  }
}
