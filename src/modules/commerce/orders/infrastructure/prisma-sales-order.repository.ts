import { Injectable } from '@nestjs/common';
import type { SalesOrderStatus } from '../../../../contracts/sales-orders';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import { AdvisoryLock } from '../../../../platform/database/locks';
import { PrismaService, type Tx } from '../../../../platform/database/prisma.service';
import { SalesOrder, type NewSalesOrder, type SalesOrderState } from '../domain/sales-order';
import type { SalesOrderRepository } from '../domain/sales-order.repository';

type Row = Omit<SalesOrderState, 'status'> & { status: string };

const STATE = { id: true, number: true, accessKey: true, status: true, total: true, companyId: true, laboratoryId: true, validUntil: true, paidAt: true, paymentRef: true, redeemedAt: true, closedAt: true, failureReason: true, requestHash: true } as const;

const restore = (row: Row) => SalesOrder.restore({ ...row, status: row.status as SalesOrderStatus });

@Injectable()
export class PrismaSalesOrderRepository implements SalesOrderRepository {
  constructor(private readonly prisma: PrismaService) {}

  async lock(transaction: Transaction, id: number): Promise<SalesOrder | null> {
    const [row] = await (transaction as Tx).$queryRaw<Row[]>`
      SELECT id, number, access_key AS "accessKey", status::text AS status, total, company_id AS "companyId", laboratory_id AS "laboratoryId", valid_until AS "validUntil",
             paid_at AS "paidAt", payment_ref AS "paymentRef", redeemed_at AS "redeemedAt", closed_at AS "closedAt", failure_reason AS "failureReason", request_hash AS "requestHash"
      FROM sales_order WHERE id = ${id} FOR UPDATE`;
    return row ? restore(row) : null;
  }

  async find(transaction: Transaction | null, id: number): Promise<SalesOrder | null> {
    const row = await this.db(transaction).salesOrder.findUnique({ where: { id }, select: STATE });
    return row && restore(row);
  }

  async save(transaction: Transaction, order: SalesOrder): Promise<void> {
    const { id, status, validUntil, paidAt, paymentRef, redeemedAt, closedAt, failureReason } = order.state;
    await (transaction as Tx).salesOrder.update({ where: { id }, data: { status, validUntil, paidAt, paymentRef, redeemedAt, closedAt, failureReason } });
  }

  async holdKey(transaction: Transaction, idempotencyKey: string): Promise<SalesOrder | null> {
    const tx = transaction as Tx;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.CheckoutIdempotency}, hashtext(${idempotencyKey}))`;
    const row = await tx.salesOrder.findUnique({ where: { idempotencyKey }, select: STATE });
    return row && restore(row);
  }

  async numberTaken(transaction: Transaction, number: string): Promise<boolean> {
    return (await (transaction as Tx).salesOrder.findUnique({ where: { number }, select: { id: true } })) !== null;
  }

  async add(transaction: Transaction, { lines, ...order }: NewSalesOrder): Promise<SalesOrder> {
    const row = await (transaction as Tx).salesOrder.create({
      data: { ...order, lines: { create: lines.map((line) => ({ ...line, total: line.unitPrice * line.quantity })) } },
      select: STATE,
    });
    return restore(row);
  }

  async discardUnstarted(id: number): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM sales_order o WHERE o.id = ${id} AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.sales_order_id = o.id)`;
  }

  private db(transaction: Transaction | null): Tx {
    return (transaction as Tx | null) ?? this.prisma;
  }
}
