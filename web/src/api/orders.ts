import type {
  CheckoutInput, CheckoutResult, Page, PageRequest, PaymentMethod, Removed, SalesOrderSearchRequest, SalesOrderSummary, SalesOrderView, SavedOrder,
  SaveOrderRequest, ShippingMethod,
} from '@contracts';
import { api } from './client';
import { useApiForm, useApiQuery } from './hooks';

/** Checkout: a visitor's (who types their data) or a signed-in person's (their account says it). */
export const checkoutCalls = {
  checkout: (input: CheckoutInput): Promise<CheckoutResult> => api.post('/api/checkout', input),
  checkoutSignedIn: (input: CheckoutInput): Promise<CheckoutResult> => api.post('/api/checkout-auth', input),
};

/** How a laboratory takes the sample (at the branch, at home), none asked while there is no laboratory. */
export const useShippingMethods = (laboratoryId: number | null | undefined) =>
  useApiQuery<ShippingMethod[]>('GET', laboratoryId ? `/api/shipping-methods?laboratoryId=${laboratoryId}` : null);

export const usePaymentMethods = () => useApiQuery<PaymentMethod[]>('GET', '/api/payment-methods');

/** An order, read by its owner (signed in) or by whoever holds its secret link (`key`, the address's `?k=`). */
export const useSalesOrder = (id: number, key: string | null) =>
  useApiQuery<SalesOrderView>('GET', `/api/sales-order/${id}${key ? `?k=${encodeURIComponent(key)}` : ''}`);

/** The voucher's PDF, for a link (a plain download: the key, not a token, opens it). */
export const voucherPdfUrl = (id: number, key: string) => `/api/sales-order/${id}/voucher.pdf?k=${encodeURIComponent(key)}`;

/** The signed-in person's orders. */
export const useSalesOrders = (request: SalesOrderSearchRequest) => useApiQuery<Page<SalesOrderSummary>>('POST', '/api/sales-order/search', request);

/** "Mis órdenes" (issue 19): the orders a signed-in person keeps to quote again. */
export const useSavedOrders = (request: PageRequest) => useApiQuery<Page<SavedOrder>>('POST', '/api/saved-order/search', request);

/** Saves the order of a quote (the same order again only refreshes it). */
export const useSaveOrderForm = () => useApiForm<SavedOrder, SaveOrderRequest>('POST', '/api/saved-order');

export const savedOrderCalls = {
  remove: (id: number): Promise<Removed> => api.delete(`/api/saved-order/${id}`),
};
