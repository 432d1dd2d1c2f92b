/** The offer fields of a product, as stored. */
export interface OfferTerms {
  price: number;
  offerPrice: number | null;
  offerStartsAt: Date | null;
  offerEndsAt: Date | null;
}

/** Whether the offer price applies at `at`: set, and `at` within its dates (an open end is unbounded). */
export function offerApplies(product: OfferTerms, at: Date): boolean {
  if (product.offerPrice === null) return false;
  if (product.offerStartsAt && at < product.offerStartsAt) return false;
  if (product.offerEndsAt && at >= product.offerEndsAt) return false;
  return true;
}

/** The price a buyer pays at `at`: the offer price within its dates, else the regular price. */
export const priceAt = (product: OfferTerms, at: Date): number => (offerApplies(product, at) ? product.offerPrice! : product.price);

/** Prisma `where` for products whose offer applies at `at`. */
export const offerActiveWhere = (at: Date) => ({
  offerPrice: { not: null },
  AND: [{ OR: [{ offerStartsAt: null }, { offerStartsAt: { lte: at } }] }, { OR: [{ offerEndsAt: null }, { offerEndsAt: { gt: at } }] }],
});
