/**
 * The order a checkout just sent to pay, kept for this tab: the voucher page empties the cart only
 * when it is that order's (an old voucher link opened later leaves a new cart alone).
 */
const PENDING_KEY = 'NB_CHECKOUT_PENDING';

export const rememberPendingOrder = (salesOrderId: number) => sessionStorage.setItem(PENDING_KEY, String(salesOrderId));
export function takePendingOrder(salesOrderId: number): boolean {
  if (sessionStorage.getItem(PENDING_KEY) !== String(salesOrderId)) return false;
  sessionStorage.removeItem(PENDING_KEY);
  return true;
}

/** A fresh idempotency key: one per attempt to pay, kept across double clicks and retries of the same request. */
export const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Sends the browser to the gateway as Webpay expects: a form POST of the token. */
export function goToGateway(url: string, field: string, token: string) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = field;
  input.value = token;
  form.appendChild(input);
  document.body.appendChild(form);
  form.submit();
}
