import { Injectable } from '@nestjs/common';
import type { SalesOrderStatus } from '../../../../contracts/sales-orders';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { Tx } from '../../../../platform/database/prisma.service';
import { SalesOrder, type SalesOrderState } from '../domain/sales-order';
import type { SalesOrderRepository } from '../domain/sales-order.repository';

@Injectable()
export class PrismaSalesOrderRepository implements SalesOrderRepository {
  async lock(transaction: Transaction, id: number): Promise<SalesOrder | null> {
    const [row] = await (transaction as Tx).$queryRaw<(Omit<SalesOrderState, 'status'> & { status: string })[]>`
      SELECT id, number, access_key AS "accessKey", status::text AS status, total, company_id AS "companyId", laboratory_id AS "laboratoryId", valid_until AS "validUntil",
             paid_at AS "paidAt", payment_ref AS "paymentRef", redeemed_at AS "redeemedAt", closed_at AS "closedAt", failure_reason AS "failureReason"
      FROM sales_order WHERE id = ${id} FOR UPDATE`;
    return row ? SalesOrder.restore({ ...row, status: row.status as SalesOrderStatus }) : null;
  }

  async save(transaction: Transaction, order: SalesOrder): Promise<void> {
    const { id, status, validUntil, paidAt, paymentRef, redeemedAt, closedAt, failureReason } = order.state;
    await (transaction as Tx).salesOrder.update({ where: { id }, data: { status, validUntil, paidAt, paymentRef, redeemedAt, closedAt, failureReason } });
  }
}
