import { select, takeEvery } from 'redux-saga/effects';
import { CART_KEY } from '../../../api/client';
import type { RootState } from '../../../app/store';
import { cartCleared, conflictResolved, itemAdded, itemRemoved, pricesRefreshed, quantityUpdated, type CartItem } from './cartSlice';

/** Persists the cart on every change, so a reload or a later visit finds it (spec §4). */
function* persist() {
  const items: CartItem[] = yield select((state: RootState) => state.cart.items);
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch (error) {
    console.warn('CotizaLab: no se pudo guardar el carro en este navegador', error);
  }
}

export function* cartSaga() {
  yield takeEvery([itemAdded.type, quantityUpdated.type, itemRemoved.type, conflictResolved.type, cartCleared.type, pricesRefreshed.type], persist);
}
