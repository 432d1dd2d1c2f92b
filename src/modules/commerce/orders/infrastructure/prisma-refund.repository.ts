import { Injectable } from '@nestjs/common';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import { PrismaService, type Tx } from '../../../../platform/database/prisma.service';
import { Refund, type NewRefund } from '../domain/refund';
import type { RefundRepository } from '../domain/refund.repository';

const ROW = {
  id: true, salesOrderId: true, paymentId: true, amount: true, reason: true, requestedBy: true, state: true, gatewayType: true, authorizationCode: true, detail: true, createdAt: true,
  payment: { select: { token: true } },
} as const;

type Row = { state: string; payment: { token: string } } & Omit<Refund['state'], 'status' | 'token'>;

const restore = (row: Row | null) => {
  if (!row) return null;
  const { state, payment, ...rest } = row;
  return Refund.restore({ ...rest, token: payment.token, status: state as Refund['state']['status'] });
};

@Injectable()
export class PrismaRefundRepository implements RefundRepository {
  constructor(private readonly prisma: PrismaService) {}

  async ofOrder(transaction: Transaction | null, salesOrderId: number): Promise<Refund | null> {
    return restore(await this.db(transaction).salesOrderRefund.findUnique({ where: { salesOrderId }, select: ROW }));
  }

  async find(transaction: Transaction | null, id: number): Promise<Refund | null> {
    return restore(await this.db(transaction).salesOrderRefund.findUnique({ where: { id }, select: ROW }));
  }

  async add(transaction: Transaction, { token: _token, ...refund }: NewRefund): Promise<Refund> {
    return restore(await (transaction as Tx).salesOrderRefund.create({ data: { ...refund, state: 'REQUESTED' }, select: ROW }))!;
  }

  async save(transaction: Transaction, refund: Refund): Promise<void> {
    const { id, status, gatewayType, authorizationCode, detail } = refund.state;
    await (transaction as Tx).salesOrderRefund.update({ where: { id }, data: { state: status, gatewayType, authorizationCode, detail: (detail ?? undefined) as object | undefined } });
  }

  async withdraw(id: number): Promise<void> {
    await this.prisma.salesOrderRefund.deleteMany({ where: { id, state: 'REQUESTED' } });
  }

  async requestedSince(before: Date, limit: number): Promise<number[]> {
    const rows = await this.prisma.salesOrderRefund.findMany({ where: { state: 'REQUESTED', createdAt: { lt: before } }, select: { id: true }, orderBy: { id: 'asc' }, take: limit });
    return rows.map((row) => row.id);
  }

  private db(transaction: Transaction | null): Tx {
    return (transaction as Tx | null) ?? this.prisma;
  }
}
