import { select, takeEvery } from 'redux-saga/effects';
import { CART_KEY } from '../../../api/client';
import type { RootState } from '../../../app/store';
import { logAccess } from '../access-log/accessLog';
import { cartRestored, conflictResolved, itemAdded, itemRemoved, laboratoryPaid, pricesRefreshed, quantityUpdated, visitsAdded, type CartItem } from './cartSlice';

/** Persists the cart on every change, so a reload or a later visit finds it (spec §4). */
function* persist() {
  const items: CartItem[] = yield select((state: RootState) => state.cart.items);
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch (error) {
    console.warn('CotizaLab: no se pudo guardar el carro en este navegador', error);
  }
}

/** Whether this page load already told the reports that the visitor filled a cart. */
let cartStepLogged = false;

/**
 * The funnel's cart step: the cart is a panel, not a page, so the first item added in a page load is
 * logged as the route `/carro` (the reports count a session that reached it once, however many items).
 */
function* logCartStep() {
  if (cartStepLogged) return;
  const { items, personId }: { items: CartItem[]; personId: number | null } = yield select((state: RootState) => ({ items: state.cart.items, personId: state.auth.person?.id ?? null }));
  if (items.length === 0) return;
  cartStepLogged = true;
  logAccess('/carro', personId);
}

export function* cartSaga() {
  yield takeEvery([itemAdded.type, visitsAdded.type, conflictResolved.type], logCartStep);
  yield takeEvery([cartRestored.type, itemAdded.type, visitsAdded.type, quantityUpdated.type, itemRemoved.type, conflictResolved.type, laboratoryPaid.type, pricesRefreshed.type], persist);
}
