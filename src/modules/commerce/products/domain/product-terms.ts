import type { FieldErrors } from '../../../../contracts/envelope';

/** The price fields of a product as they will be stored once a change is applied. */
export interface ProductTerms {
  price: number;
  netPrice: number;
  offerPrice: number | null;
  offerStartsAt: Date | null;
  offerEndsAt: Date | null;
}

/**
 * The rules between a product's prices, per field (empty: fine). The net price cannot exceed the
 * price (it is the price without IVA); an offer is lower than the price and its dates run forward;
 * dates without an offer price mean nothing and are refused rather than silently kept.
 */
export function productTermErrors(terms: ProductTerms): FieldErrors {
  const errors: FieldErrors = {};
  if (terms.netPrice > terms.price) errors.netPrice = ['El precio neto no puede superar el precio.'];
  if (terms.offerPrice !== null && terms.offerPrice >= terms.price) errors.offerPrice = ['El precio de oferta debe ser menor que el precio normal.'];
  if (terms.offerPrice === null && (terms.offerStartsAt || terms.offerEndsAt)) errors.offerPrice = ['Indica el precio de oferta para esas fechas.'];
  if (terms.offerStartsAt && terms.offerEndsAt && terms.offerEndsAt <= terms.offerStartsAt) errors.offerEndsAt = ['El término de la oferta debe ser posterior a su inicio.'];
  return errors;
}
