import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CART_KEY } from '../../../api/client';

/**
 * A cart item (spec §3): a laboratory's exam (`id` is the laboratory exam) or a product, a package a
 * laboratory sells (`kind: 'PRODUCT'`, `id` is the product). The optional fields beyond the spec's
 * say which laboratory sells it (the cart may hold several, one visit each, paid as one order per
 * laboratory) and, when it came from a quote, what the patient pays for it with the chosen previsión.
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

/** One laboratory's part of the cart: one visit, paid as one order. */
export interface CartVisitGroup {
  laboratoryId: number | undefined;
  laboratoryName: string;
  items: CartItem[];
}

/** The cart's items by laboratory, in the order each laboratory's first item came. */
export function cartVisits(items: CartItem[]): CartVisitGroup[] {
  const visits: CartVisitGroup[] = [];
  for (const item of items) {
    const visit = visits.find((v) => sameLaboratory(v.items[0], item));
    if (visit) visit.items.push(item);
    else visits.push({ laboratoryId: item.laboratoryId, laboratoryName: item.categoryName, items: [item] });
  }
  return visits;
}

/** Adds an item, or only replaces the quantity of the same line already there (spec §4). */
function addLine(items: CartItem[], item: CartItem) {
  const existing = items.find((i) => sameLine(i, item));
  if (existing) existing.quantity = item.quantity;
  else items.push(item);
}

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
  // Empty, as the server renders a public page (it cannot see this browser's cart): the first client render must
  // equal the server's HTML. boot.tsx restores the kept cart (cartRestored) before the first render of a page the
  // server did not write, after the hydration of one it did.
  initialState: (): CartState => ({ items: [], topBoxVisible: false, conflict: null }),
  reducers: {
    /** The cart this browser kept (storedCart); not persisted again (it is what is stored). */
    cartRestored: (state, action: PayloadAction<CartItem[]>) => {
      // An item added before the restore (a click replayed by the hydration) stays, after the kept ones.
      const added = state.items.filter((i) => !action.payload.some((kept) => sameLine(kept, i)));
      state.items = [...action.payload, ...added];
    },
    /**
     * Adding an id already in the cart only replaces its quantity (spec §4). An item of a laboratory the
     * cart does not have yet is not added at once: it is another visit and another order, so the person
     * chooses first (switch to it, add it as a second visit, or keep the cart).
     */
    itemAdded: (state, action: PayloadAction<CartItem>) => {
      const item = action.payload;
      if (state.items.length > 0 && !state.items.some((i) => sameLaboratory(i, item))) {
        // Several items of the same other laboratory (a whole quote) wait together for one answer.
        if (state.conflict && sameLaboratory(state.conflict.items[0], item)) addLine(state.conflict.items, item);
        else state.conflict = { laboratoryName: item.categoryName, items: [item] };
        return;
      }
      addLine(state.items, item);
    },
    /** A split order ("Hazlo en 2 laboratorios"): every visit's items at once, the person having chosen the laboratories. */
    visitsAdded: (state, action: PayloadAction<CartItem[]>) => {
      for (const item of action.payload) addLine(state.items, item);
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
    /** The person's answer to another laboratory: its items replace the cart, join it as another visit, or wait no more. */
    conflictResolved: (state, action: PayloadAction<'replace' | 'add' | 'keep'>) => {
      if (state.conflict && action.payload === 'replace') state.items = state.conflict.items;
      if (state.conflict && action.payload === 'add') for (const item of state.conflict.items) addLine(state.items, item);
      state.conflict = null;
    },
    /** A laboratory's order was paid: what was bought there leaves the cart; another visit's items stay. */
    laboratoryPaid: (state, action: PayloadAction<number>) => {
      state.items = state.items.filter((i) => i.laboratoryId !== undefined && i.laboratoryId !== action.payload);
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

export const { cartRestored, itemAdded, visitsAdded, quantityUpdated, itemRemoved, conflictResolved, laboratoryPaid, pricesRefreshed, topBoxShown } = cartSlice.actions;
export default cartSlice.reducer;
