import type { FieldErrors } from './app-error';

/** Every answer of the API: `{ code, data }`, plus `message`, `error` and `errors` on failure. */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message?: string;
  error?: string;
  errors?: FieldErrors;
}

/** A page of a list, as every `.../search` call answers it. */
export interface Page<T> {
  items: T[];
  total: number;
  currentPage: number;
  perPage: number;
  lastPage: number;
}

export function page<T>(items: T[], total: number, currentPage: number, perPage: number): Page<T> {
  return { items, total, currentPage, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
