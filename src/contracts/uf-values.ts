import type { Ordering, PageRequest } from './envelope';

/**
 * The UF (unidad de fomento) in pesos on a day, kept by administrators (issue 30): an Isapre plan's cap
 * given in UF is quoted in pesos with the latest value valid on the day of the quote.
 * `GET /api/uf-value/{id}`, an item of `POST /api/uf-value/search` and what its commands answer.
 */
export interface UfValue {
  id: number;
  /** The day it is valid from, 'YYYY-MM-DD' (a Chilean calendar day). */
  validOn: string;
  /** Pesos, with at most 2 decimals (39512.34). */
  value: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/uf-value` (public): the latest value valid today in Chile, or null while none is. */
export interface CurrentUfValue {
  current: { id: number; validOn: string; value: number } | null;
}

/** `POST /api/uf-value/search`: newest first unless ordered otherwise. */
export type UfValueSearchRequest = PageRequest & Ordering<'validOn'>;

/**
 * `POST /api/uf-value` (create: both required) and `POST /api/uf-value/{id}` (update: either).
 * `validOn` between 2000-01-01 and a year from today, one value per day; `value` above 0 and below
 * 1.000.000, with at most 2 decimals.
 */
export interface UfValueInput {
  validOn: string;
  value: number;
}
