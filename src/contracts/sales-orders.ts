import type { OrderPreparation } from './preparation';
/** Wire types of checkout, payments and sales orders (issue 13, part B). */

export type SalesOrderStatus = 'PENDING_PAYMENT' | 'PAID' | 'REDEEMED' | 'EXPIRED' | 'FAILED' | 'CANCELLED' | 'REFUNDED';

/** What a person reads for each status: the server's refusals and the web app's tags and filters say the same. */
export const SALES_ORDER_STATUS_LABELS: Record<SalesOrderStatus, string> = {
  PENDING_PAYMENT: 'Pendiente de pago',
  PAID: 'Pagada',
  REDEEMED: 'Canjeada',
  EXPIRED: 'Vencida',
  FAILED: 'Pago fallido',
  CANCELLED: 'Anulada',
  REFUNDED: 'Reembolsada',
};

/** `GET /api/shipping-methods?laboratoryId=&comunaId=`: how the patient gets the sample taken, and what it costs. */
export interface ShippingMethod {
  code: 'BRANCH' | 'HOME';
  name: string;
  description: string;
  /** Whole pesos; null when the method is not available for that comuna. */
  fee: number | null;
  available: boolean;
  /** Home collection: the comunas the laboratory serves (its own and its neighbours), each with its fee. */
  comunas?: { id: number; name: string; fee: number }[];
}

/** `GET /api/payment-methods`. */
export interface PaymentMethod {
  code: 'webpay' | 'simulator';
  name: string;
  description: string;
  /** True for the local simulator: no real money moves ("modo demostración"). */
  demo: boolean;
}

/** One line of a checkout: a laboratory's exam or a product (package), with the price the person saw. */
export interface CheckoutItemInput {
  id: number;
  kind?: 'EXAM' | 'PRODUCT';
  quantity: number;
  /** What the cart showed; the server refuses the checkout when it is not the current price. */
  price: number;
}

export interface CheckoutInput {
  idempotencyKey: string;
  laboratoryId: number;
  items: CheckoutItemInput[];
  shippingMethod: ShippingMethod['code'];
  paymentMethod: PaymentMethod['code'];
  comunaId?: number;
  address?: string;
  /** The visitor's data (`POST /api/checkout`); a signed-in buyer's come from the account. */
  firstName?: string;
  lastName?: string;
  rut?: string;
  email?: string;
  phone?: string;
}

/** What a checkout answers: the order, and where the browser goes to pay. */
export interface CheckoutResult {
  salesOrder: { id: number; number: string; status: SalesOrderStatus; total: number; accessKey: string };
  payment: { gateway: PaymentMethod['code']; url: string; token: string; method: 'GET' | 'POST'; field: string };
}

export interface SalesOrderLineView {
  id: number;
  kind: 'EXAM' | 'PRODUCT';
  code: string;
  name: string;
  description: string | null;
  preparation: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface SalesOrderSummary {
  id: number;
  number: string;
  status: SalesOrderStatus;
  customerName: string;
  email: string;
  laboratory: { id: number; name: string; companyName: string };
  total: number;
  createdAt: string;
  paidAt: string | null;
  validUntil: string | null;
}

export interface SalesOrderView extends SalesOrderSummary {
  rut: string | null;
  phone: string | null;
  subtotal: number;
  shippingFee: number;
  shippingMethod: string | null;
  shippingMethodName: string;
  paymentMethod: string | null;
  homeAddress: string | null;
  homeComuna: string | null;
  redeemedAt: string | null;
  closedAt: string | null;
  failureReason: string | null;
  laboratory: SalesOrderSummary['laboratory'] & {
    addressLine1: string;
    addressLine2: string | null;
    comuna: string;
    phone: string | null;
    openingHours: { day: number; opens: string; closes: string }[];
  };
  lines: SalesOrderLineView[];
  /** How to prepare for the whole visit (issue 30): every exam bought, packages' too, combined. */
  preparation: OrderPreparation;
  payment: { gateway: string; status: string; authorizationCode: string | null; cardLast4: string | null; amount: number } | null;
  /** Only to those who may share it: the owner or whoever already holds the link. */
  accessKey?: string;
  /** What this caller may do with it. */
  canRedeem: boolean;
  /** An administrator, on a paid order not yet redeemed (refunded through the gateway). */
  canRefund?: boolean;
  /** The refund, once made: when, how much and why. */
  refund?: { amount: number; reason: string; createdAt: string; gatewayType: string | null } | null;
}

/** `POST /api/sales-order/{id}/refund` (administrators): why the order is refunded. */
export interface RefundSalesOrderRequest {
  reason: string;
}

/** `POST /api/sales-order/search`. */
export interface SalesOrderSearchRequest {
  currentPage?: number;
  perPage?: number;
  status?: SalesOrderStatus;
  /** A voucher code (typed or read from its QR), or a buyer's name, e-mail or RUT. */
  term?: string;
  laboratoryId?: number;
  orderBy?: 'createdAt' | 'total' | 'number';
  orderSort?: 'asc' | 'desc';
}
