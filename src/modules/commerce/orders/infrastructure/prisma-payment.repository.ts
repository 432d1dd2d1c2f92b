import { Injectable } from '@nestjs/common';
import { Prisma } from '../../../../generated/prisma/client';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import { PrismaService, type Tx } from '../../../../platform/database/prisma.service';
import { Payment, type NewPayment, type PaymentState, type PaymentStatus } from '../domain/payment';
import type { PaymentRepository } from '../domain/payment.repository';

type Row = Omit<PaymentState, 'status'> & { status: string };

const COLUMNS = Prisma.sql`id, sales_order_id AS "salesOrderId", gateway, token, buy_order AS "buyOrder", amount, status, commit_started_at AS "commitStartedAt",
  settled_at AS "settledAt", response_code AS "responseCode", authorization_code AS "authorizationCode", card_last4 AS "cardLast4", detail`;

const STATE = {
  id: true, salesOrderId: true, gateway: true, token: true, buyOrder: true, amount: true, status: true, commitStartedAt: true,
  settledAt: true, responseCode: true, authorizationCode: true, cardLast4: true, detail: true,
} as const;

const restore = (row: Row | null | undefined) => (row ? Payment.restore({ ...row, status: row.status as PaymentStatus }) : null);

@Injectable()
export class PrismaPaymentRepository implements PaymentRepository {
  constructor(private readonly prisma: PrismaService) {}

  async lockByToken(transaction: Transaction, token: string): Promise<Payment | null> {
    const [row] = await (transaction as Tx).$queryRaw<Row[]>`SELECT ${COLUMNS} FROM payment WHERE token = ${token} FOR UPDATE`;
    return restore(row);
  }

  async lockLatestOfBuyOrder(transaction: Transaction, buyOrder: string): Promise<Payment | null> {
    const [row] = await (transaction as Tx).$queryRaw<Row[]>`SELECT ${COLUMNS} FROM payment WHERE buy_order = ${buyOrder} ORDER BY id DESC LIMIT 1 FOR UPDATE`;
    return restore(row);
  }

  async firstOf(transaction: Transaction, salesOrderId: number): Promise<Payment | null> {
    return restore(await (transaction as Tx).payment.findFirst({ where: { salesOrderId }, orderBy: { id: 'asc' }, select: STATE }));
  }

  async latestOf(transaction: Transaction, salesOrderId: number): Promise<Payment | null> {
    return restore(await (transaction as Tx).payment.findFirst({ where: { salesOrderId }, orderBy: { id: 'desc' }, select: STATE }));
  }

  async authorizedOf(transaction: Transaction, salesOrderId: number): Promise<Payment | null> {
    return restore(await (transaction as Tx).payment.findFirst({ where: { salesOrderId, status: 'AUTHORIZED' }, orderBy: { id: 'desc' }, select: STATE }));
  }

  async add(transaction: Transaction, { url, ...payment }: NewPayment): Promise<void> {
    await (transaction as Tx).payment.create({ data: { ...payment, detail: { url } } });
  }

  async save(transaction: Transaction, payment: Payment): Promise<void> {
    const { id, status, commitStartedAt, settledAt, responseCode, authorizationCode, cardLast4, detail } = payment.state;
    await (transaction as Tx).payment.update({
      where: { id },
      data: { status, commitStartedAt, settledAt, responseCode, authorizationCode, cardLast4, detail: detail === null || detail === undefined ? Prisma.DbNull : (detail as Prisma.InputJsonValue) },
    });
  }

  async committingSince(before: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.payment.findMany({ where: { status: 'COMMITTING', commitStartedAt: { lt: before } }, select: { token: true }, orderBy: { id: 'asc' }, take: limit });
    return rows.map((row) => row.token);
  }
}
