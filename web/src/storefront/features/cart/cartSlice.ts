import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CART_KEY } from '../../../api/client';

/** A cart item (spec §3). Here the product is a laboratory's exam: `id` is the laboratory exam. */
export interface CartItem {
  id: number;
  name: string;
  /** The laboratory that quotes it. */
  categoryName: string;
  cover: string;
  description: string;
  price: number;
  code: string;
  options: [];
  quantity: number;
}

interface CartState {
  items: CartItem[];
  topBoxVisible: boolean;
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
  initialState: (): CartState => ({ items: storedCart(), topBoxVisible: false }),
  reducers: {
    /** Adding an id already in the cart only replaces its quantity (spec §4). */
    itemAdded: (state, action: PayloadAction<CartItem>) => {
      const existing = state.items.find((i) => i.id === action.payload.id);
      if (existing) existing.quantity = action.payload.quantity;
      else state.items.push(action.payload);
    },
    quantityUpdated: (state, action: PayloadAction<{ id: number; quantity: number }>) => {
      const item = state.items.find((i) => i.id === action.payload.id);
      if (item) item.quantity = Math.max(1, Math.floor(action.payload.quantity));
    },
    itemRemoved: (state, action: PayloadAction<number>) => {
      state.items = state.items.filter((i) => i.id !== action.payload);
    },
    topBoxShown: (state, action: PayloadAction<boolean>) => {
      state.topBoxVisible = action.payload;
    },
  },
});

/** Total = Σ quantity × price; count = Σ quantities (spec §9). */
export const cartTotal = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity * i.price, 0);
export const cartCount = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity, 0);

export const { itemAdded, quantityUpdated, itemRemoved, topBoxShown } = cartSlice.actions;
export default cartSlice.reducer;
