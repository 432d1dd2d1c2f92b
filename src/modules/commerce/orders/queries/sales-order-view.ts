import type { Prisma } from '../../../../generated/prisma/client';
import type { SalesOrderStatus, SalesOrderSummary, SalesOrderView } from '../../../../contracts/sales-orders';
import type { OrderPreparation } from '../../../../contracts/preparation';
import type { Actor } from '../../../../platform/auth/actor';
import { isRedeemable } from '../domain/sales-order-status';
import { SHIPPING_NAMES } from '../domain/shipping';

export const SUMMARY_SELECT = {
  id: true, number: true, status: true, firstName: true, lastName: true, email: true, total: true, createdAt: true, paidAt: true, validUntil: true,
  laboratory: { select: { id: true, identifierName: true, company: { select: { tradeName: true } } } },
} satisfies Prisma.SalesOrderSelect;

export const VIEW_SELECT = {
  ...SUMMARY_SELECT,
  rut: true, phone: true, subtotal: true, shippingFee: true, shippingMethod: true, paymentMethod: true, homeAddress: true, homeComunaId: true,
  redeemedAt: true, closedAt: true, failureReason: true, accessKey: true, personId: true, companyId: true, laboratoryId: true,
  laboratory: {
    select: {
      id: true, identifierName: true, addressLine1: true, addressLine2: true, phone: true, openingHours: true,
      comuna: { select: { name: true } }, company: { select: { tradeName: true } },
    },
  },
  lines: { orderBy: { id: 'asc' }, select: { id: true, kind: true, code: true, name: true, description: true, preparation: true, quantity: true, unitPrice: true, total: true, examId: true, productId: true } },
  payments: { orderBy: { id: 'desc' }, take: 1, select: { gateway: true, status: true, authorizationCode: true, cardLast4: true, amount: true } },
  refund: { select: { amount: true, reason: true, createdAt: true, gatewayType: true } },
} satisfies Prisma.SalesOrderSelect;

type SummaryRow = Prisma.SalesOrderGetPayload<{ select: typeof SUMMARY_SELECT }>;
export type ViewRow = Prisma.SalesOrderGetPayload<{ select: typeof VIEW_SELECT }>;

export function toSummary(row: SummaryRow): SalesOrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status as SalesOrderStatus,
    customerName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    laboratory: { id: row.laboratory.id, name: row.laboratory.identifierName, companyName: row.laboratory.company.tradeName },
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
  };
}

/** The whole order for one viewer; the secret is only repeated to those who may share it already. */
export function toView(row: ViewRow, options: { homeComuna: string | null; showKey: boolean; actor?: Actor; preparation: OrderPreparation }): SalesOrderView {
  const payment = row.payments[0];
  const staff = options.actor?.profile === 'ADM' || (options.actor?.profile === 'PRV' && options.actor.companyId === row.companyId);
  return {
    ...toSummary(row),
    rut: row.rut,
    phone: row.phone,
    subtotal: row.subtotal,
    shippingFee: row.shippingFee,
    shippingMethod: row.shippingMethod,
    shippingMethodName: SHIPPING_NAMES[row.shippingMethod as 'BRANCH' | 'HOME'] ?? 'Atención en sucursal',
    paymentMethod: row.paymentMethod,
    homeAddress: row.homeAddress,
    homeComuna: options.homeComuna,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    laboratory: {
      id: row.laboratory.id,
      name: row.laboratory.identifierName,
      companyName: row.laboratory.company.tradeName,
      addressLine1: row.laboratory.addressLine1,
      addressLine2: row.laboratory.addressLine2,
      comuna: row.laboratory.comuna.name,
      phone: row.laboratory.phone,
      openingHours: Array.isArray(row.laboratory.openingHours) ? (row.laboratory.openingHours as SalesOrderView['laboratory']['openingHours']) : [],
    },
    lines: row.lines.map(({ examId: _, productId: __, ...line }) => ({ ...line, kind: line.kind as 'EXAM' | 'PRODUCT' })),
    preparation: options.preparation,
    payment: payment ?? null,
    ...(options.showKey ? { accessKey: row.accessKey } : {}),
    canRedeem: staff && isRedeemable(row),
    // Refunding gives money back: administrators only, before the samples are taken (redeemed) or the voucher lapses.
    canRefund: options.actor?.profile === 'ADM' && row.status === 'PAID' && payment?.status === 'AUTHORIZED',
    refund: row.refund ? { amount: row.refund.amount, reason: row.refund.reason, createdAt: row.refund.createdAt.toISOString(), gatewayType: row.refund.gatewayType } : null,
  };
}
