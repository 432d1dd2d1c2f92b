import { defineEvent, type EventOf } from '../../../platform/messaging/domain-event';

/**
 * The life of a sales order, as facts. They carry ids; consumers re-read the order, so a late
 * delivery never acts on stale data.
 */
type OrderRef = { salesOrderId: number; companyId: number; laboratoryId: number };
const orderId = (p: OrderRef) => p.salesOrderId;

/** A checkout locked the prices of an order that now waits for its payment. */
export const SalesOrderPlaced = defineEvent('SalesOrderPlaced', 'SalesOrder', (p: OrderRef & { total: number }) => p.salesOrderId);
/** The gateway confirmed the payment: the voucher is valid until `validUntil`. */
export const SalesOrderPaid = defineEvent('SalesOrderPaid', 'SalesOrder', (p: OrderRef & { total: number; validUntil: string }) => p.salesOrderId);
/** The gateway rejected the payment, the buyer gave up, or its answer did not match the order. */
export const SalesOrderPaymentFailed = defineEvent('SalesOrderPaymentFailed', 'SalesOrder', (p: OrderRef & { reason: string }) => p.salesOrderId);
/** The laboratory took the samples: the voucher is used. */
export const SalesOrderRedeemed = defineEvent('SalesOrderRedeemed', 'SalesOrder', orderId);
/** A paid voucher went unused past its validity. */
export const SalesOrderExpired = defineEvent('SalesOrderExpired', 'SalesOrder', orderId);
/** An order whose payment never completed was closed. */
export const SalesOrderCancelled = defineEvent('SalesOrderCancelled', 'SalesOrder', orderId);

/** An administrator refunded a paid, unredeemed order through the gateway: the voucher is void. */
export const SalesOrderRefunded = defineEvent('SalesOrderRefunded', 'SalesOrder', (p: OrderRef & { amount: number }) => p.salesOrderId);

export type SalesOrderEvent =
  | EventOf<typeof SalesOrderPlaced>
  | EventOf<typeof SalesOrderPaid>
  | EventOf<typeof SalesOrderPaymentFailed>
  | EventOf<typeof SalesOrderRedeemed>
  | EventOf<typeof SalesOrderExpired>
  | EventOf<typeof SalesOrderCancelled>
  | EventOf<typeof SalesOrderRefunded>;
