import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CART_KEY } from '../../../api/client';

/**
 * A cart item (spec §3): a laboratory's exam (`id` is the laboratory exam) or a product, a package a
 * laboratory sells (`kind: 'PRODUCT'`, `id` is the product). The optional fields beyond the spec's
 * say which laboratory sells it (one laboratory per order) and, when it came from a quote, what the
 * patient pays for it with the chosen previsión.
 */
export interface CartItem {
  id: number;
  name: string;
  /** The laboratory that quotes it. */
  categoryName: string;
  cover: string;
  description: string;
  /** Net price, rounded: what the order charges (the server re-reads it at checkout). */
  price: number;
  code: string;
  options: [];
  quantity: number;
  /** EXAM when absent. */
  kind?: 'EXAM' | 'PRODUCT';
  laboratoryId?: number;
  /** The exam (catalogue id) of an EXAM line: the visit's fees and preparation are quoted for the cart's exams. */
  examId?: number;
  /** From a quote: what the patient pays for one with the chosen previsión (a FONASA bono copay, an Isapre's estimate). */
  patientPays?: number;
  /** From a quote: the previsión it was quoted with ("FONASA tramo B", "Isapre Colmena"). */
  payerLabel?: string;
  /** From a quote: how that previsión pays (a bono bought at the laboratory, or an Isapre's refund). */
  payer?: 'FONASA' | 'ISAPRE';
}

/** Items of another laboratory waiting for the person to choose: replace the cart, or keep it. */
export interface CartConflict {
  laboratoryName: string;
  items: CartItem[];
}

interface CartState {
  items: CartItem[];
  topBoxVisible: boolean;
  conflict: CartConflict | null;
}

/** Items are the same line when they are the same kind and id (an exam and a product may share an id). */
export const sameLine = (a: Pick<CartItem, 'id' | 'kind'>, b: Pick<CartItem, 'id' | 'kind'>) => a.id === b.id && (a.kind ?? 'EXAM') === (b.kind ?? 'EXAM');

/** Two items of one laboratory: by id when both say it, else by the laboratory's name. */
export const sameLaboratory = (a: CartItem, b: CartItem) =>
  a.laboratoryId !== undefined && b.laboratoryId !== undefined ? a.laboratoryId === b.laboratoryId : a.categoryName === b.categoryName;

/** The cart as the browser kept it; anything unreadable there starts an empty cart. */
export function storedCart(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((i): i is CartItem => typeof i?.id === 'number' && typeof i.price === 'number' && Number.isInteger(i.quantity) && i.quantity > 0)
      : [];
  } catch {
    return [];
  }
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: storedCart(), topBoxVisible: false, conflict: null }),
  reducers: {
    /**
     * Adding an id already in the cart only replaces its quantity (spec §4). An item of another
     * laboratory is not added: one order is of one laboratory, so the person chooses first.
     */
    itemAdded: (state, action: PayloadAction<CartItem>) => {
      const item = action.payload;
      const existing = state.items.find((i) => sameLine(i, item));
      if (existing) {
        existing.quantity = item.quantity;
        return;
      }
      if (state.items.length > 0 && !sameLaboratory(state.items[0], item)) {
        // Several items of the same other laboratory (a whole quote) wait together for one answer.
        if (state.conflict && sameLaboratory(state.conflict.items[0], item)) {
          if (!state.conflict.items.some((i) => sameLine(i, item))) state.conflict.items.push(item);
        } else state.conflict = { laboratoryName: item.categoryName, items: [item] };
        return;
      }
      state.items.push(item);
    },
    quantityUpdated: (state, action: PayloadAction<{ id: number; quantity: number; kind?: CartItem['kind'] }>) => {
      const item = state.items.find((i) => sameLine(i, action.payload));
      if (item) item.quantity = Math.max(1, Math.min(10, Math.floor(action.payload.quantity)));
    },
    /** Removes by product id (spec §4); a product line is named with its kind. */
    itemRemoved: (state, action: PayloadAction<number | { id: number; kind?: CartItem['kind'] }>) => {
      const target = typeof action.payload === 'number' ? { id: action.payload } : action.payload;
      state.items = state.items.filter((i) => !sameLine(i, target));
    },
    /** The person's answer to a second laboratory: its items replace the cart, or the cart stays as it was. */
    conflictResolved: (state, action: PayloadAction<'replace' | 'keep'>) => {
      if (state.conflict && action.payload === 'replace') state.items = state.conflict.items;
      state.conflict = null;
    },
    /** The order was paid: what was bought leaves the cart. */
    cartCleared: (state) => {
      state.items = [];
      state.conflict = null;
    },
    /** The server's current prices (a checkout refused for a changed price): the cart shows what will be charged. */
    pricesRefreshed: (state, action: PayloadAction<{ id: number; kind?: CartItem['kind']; price: number }[]>) => {
      for (const update of action.payload) {
        const item = state.items.find((i) => sameLine(i, update));
        if (item) item.price = update.price;
      }
    },
    topBoxShown: (state, action: PayloadAction<boolean>) => {
      state.topBoxVisible = action.payload;
    },
  },
});

/** Total = Σ quantity × price; count = Σ quantities (spec §9). */
export const cartTotal = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity * i.price, 0);
export const cartCount = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity, 0);
/** What the patient pays with the previsión of the quote, when every item came from one; null otherwise. */
/** How the cart's quote was paid by the previsión: FONASA (a bono at the laboratory), an Isapre (a refund), or none. */
export function cartPayer(items: CartItem[]): { payer: 'FONASA' | 'ISAPRE'; label: string } | null {
  const quoted = items.find((i) => i.payerLabel);
  if (!quoted?.payerLabel || cartPatientPays(items) === null) return null;
  // Carts kept from before `payer` existed name FONASA in their label.
  return { payer: quoted.payer ?? (/fonasa/i.test(quoted.payerLabel) ? 'FONASA' : 'ISAPRE'), label: quoted.payerLabel };
}

export const cartPatientPays = (items: CartItem[]) =>
  items.length > 0 && items.every((i) => i.patientPays !== undefined) ? items.reduce((sum, i) => sum + i.quantity * i.patientPays!, 0) : null;

export const { itemAdded, quantityUpdated, itemRemoved, conflictResolved, cartCleared, pricesRefreshed, topBoxShown } = cartSlice.actions;
export default cartSlice.reducer;
