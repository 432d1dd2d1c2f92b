/**
 * The API's wire types, shared by the server and the web app (both builds import this folder),
 * so a field renamed on one side breaks the other's build. Types only: nothing here runs.
 * Dates travel as ISO-8601 strings.
 */

/** Per-field validation messages, in Spanish: `{ email: ['Ingresa un correo electrónico válido.'] }`. */
export type FieldErrors = Record<string, string[]>;

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

/** Paging fields every `.../search` body accepts. */
export interface PageRequest {
  currentPage?: number;
  perPage?: number;
}

/**
 * The ordering of a list that declares it (`orderingFields` on the route): the columns it may be ordered by. A list
 * without it is ordered by the route, and a body naming `orderBy` there answers 400.
 */
export interface Ordering<C extends string> {
  orderBy?: C;
  orderSort?: 'asc' | 'desc';
}

/** What a delete or retire answers. */
export interface Removed {
  id: number;
}
