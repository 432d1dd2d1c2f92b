import type { FieldErrors, ImageRef, ProductInput, ProductView } from '@contracts';
import { shortExamName } from '../../../app/format';
import { chileDay, chileDayStart, nextDay, previousDay } from '../../crud/chileDays';
import type { Picked } from '../../crud/commerceInputs';


/** The product form's values: field names equal the API's, so its errors land on them. */
export interface ProductValues {
  code: string;
  name: string;
  description: string;
  categoryId: number | null;
  laboratoryId: Picked | null;
  examIds: Picked[];
  price: number | null;
  netPrice: number | null;
  offerPrice: number | null;
  /** Chilean calendar days; the end day included. */
  offerStartsAt: string;
  offerEndsAt: string;
  coverFileId: number | null;
  cover: ImageRef | null;
  isNew: boolean;
  isActive: boolean;
}

export const emptyProduct: ProductValues = {
  code: '', name: '', description: '', categoryId: null, laboratoryId: null, examIds: [], price: null, netPrice: null,
  offerPrice: null, offerStartsAt: '', offerEndsAt: '', coverFileId: null, cover: null, isNew: true, isActive: true,
};

export const branchLabel = (lab: { identifierName: string; comuna: string | { name: string } }) => `${lab.identifierName} (${typeof lab.comuna === 'string' ? lab.comuna : lab.comuna.name})`;

export const productValues = (p: ProductView): ProductValues => ({
  code: p.code,
  name: p.name,
  description: p.description ?? '',
  categoryId: p.category?.id ?? null,
  laboratoryId: { id: p.laboratory.id, label: branchLabel(p.laboratory) },
  examIds: p.exams.map((e) => ({ id: e.id, label: shortExamName(e.name) })),
  price: p.regularPrice,
  netPrice: p.netPrice,
  offerPrice: p.offerPrice,
  offerStartsAt: chileDay(p.offerStartsAt),
  offerEndsAt: p.offerEndsAt ? previousDay(chileDay(p.offerEndsAt)) : '',
  coverFileId: p.cover?.id ?? null,
  cover: p.cover,
  isNew: p.isNew,
  isActive: p.isActive,
});

export const productInput = (v: ProductValues): ProductInput => ({
  code: v.code.trim().toUpperCase(),
  name: v.name.trim(),
  description: v.description.trim() || null,
  categoryId: v.categoryId,
  laboratoryId: v.laboratoryId?.id ?? 0,
  examIds: v.examIds.map((e) => e.id),
  price: v.price ?? 0,
  // Empty: the price (exam services are IVA-exempt).
  netPrice: v.netPrice ?? v.price ?? 0,
  offerPrice: v.offerPrice,
  offerStartsAt: v.offerStartsAt ? chileDayStart(v.offerStartsAt) : null,
  offerEndsAt: v.offerEndsAt ? chileDayStart(nextDay(v.offerEndsAt)) : null,
  coverFileId: v.coverFileId,
  isNew: v.isNew,
  isActive: v.isActive,
});

/** What can be told before sending; the API checks the rest (a code already taken, a branch not one's own). */
export function validateProduct(v: ProductValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{1,59}$/.test(v.code.trim())) errors.code = ['El código lleva de 2 a 60 letras, dígitos o guiones (por ejemplo PACK-PREV-01).'];
  if (!v.name.trim()) errors.name = ['Ingresa el nombre del producto.'];
  if (!v.laboratoryId) errors.laboratoryId = ['Elige la sucursal donde se toma.'];
  if (v.examIds.length === 0) errors.examIds = ['Agrega al menos un examen.'];
  if (!v.price) errors.price = ['Ingresa el precio.'];
  if (v.price && v.netPrice !== null && v.netPrice > v.price) errors.netPrice = ['El precio neto no puede superar el precio.'];
  if (v.price && v.offerPrice !== null && v.offerPrice >= v.price) errors.offerPrice = ['El precio de oferta debe ser menor que el precio normal.'];
  if (v.offerPrice === null && (v.offerStartsAt || v.offerEndsAt)) errors.offerPrice = ['Indica el precio de oferta para esas fechas.'];
  if (v.offerStartsAt && v.offerEndsAt && v.offerEndsAt < v.offerStartsAt) errors.offerEndsAt = ['El término de la oferta debe ser posterior a su inicio.'];
  return errors;
}
