import { SALES_ORDER_STATUS_LABELS as STATUS_LABELS, type SalesOrderStatus } from '../../../../contracts/sales-orders';
import { SalesOrderTransitionError } from '../orders.errors';

/**
 * Where each state may go. PAID is the only state with a voucher; REDEEMED, EXPIRED, FAILED,
 * CANCELLED and REFUNDED are final.
 */
const NEXT: Record<SalesOrderStatus, SalesOrderStatus[]> = {
  PENDING_PAYMENT: ['PAID', 'FAILED', 'CANCELLED'],
  PAID: ['REDEEMED', 'EXPIRED', 'REFUNDED'],
  REDEEMED: [],
  EXPIRED: [],
  FAILED: [],
  CANCELLED: [],
  REFUNDED: [],
};


export function canMove(from: SalesOrderStatus, to: SalesOrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function assertMove(from: SalesOrderStatus, to: SalesOrderStatus): void {
  if (!canMove(from, to)) throw new SalesOrderTransitionError(`Una orden ${STATUS_LABELS[from].toLowerCase()} no puede quedar ${STATUS_LABELS[to].toLowerCase()}.`);
}

/** A paid voucher counts as usable until the end of its validity. */
export const isRedeemable = (order: { status: string; validUntil: Date | null }, now = new Date()) =>
  order.status === 'PAID' && order.validUntil !== null && order.validUntil > now;
