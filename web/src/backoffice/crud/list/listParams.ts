/**
 * A list's state as text parameters: page, perPage, orderBy, orderSort and one parameter per filter. A list screen
 * keeps them in the address (a reload or a shared link shows the same list); a list inside another screen keeps the
 * same parameters in its own state. Pure functions, so the rules are the same for both and tested once.
 */

export interface FilterDef {
  /** The parameter's name (in the address, for a list screen); the request field unless `toQuery` says otherwise. */
  name: string;
  label: string;
  type: 'text' | 'select';
  options?: { label: string; value: string }[];
  /** The parameter's text as the request wants it (a number for an id). */
  parse?: (raw: string) => unknown;
  /** The request fields one value stands for, when it is not one field ("Vigentes" → `isActive: true`). */
  toQuery?: (raw: string) => Record<string, unknown>;
  /** Used when the parameters do not name the filter (and then left out of them). */
  defaultValue?: string;
}

export interface ListOrder<O extends string = string> {
  orderBy: O;
  orderSort: 'asc' | 'desc';
}

export const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 25;

/** What the parameters say, read with the list's filters and order. */
export interface ListParamsRead {
  page: number;
  perPage: number;
  /** Absent for a list whose route orders it itself (no `defaultSort`): nothing about order is sent. */
  ordering?: ListOrder;
  /** The request fields of the filters that have a value (their default included). */
  filterQuery: Record<string, unknown>;
  /** Some filter is named by the parameters (a value other than its default): "Limpiar filtros" is offered. */
  filtered: boolean;
}

export function readListParams(params: URLSearchParams, { filters, defaultSort, sortKeys }: { filters: FilterDef[]; defaultSort?: ListOrder; sortKeys: string[] }): ListParamsRead {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = PER_PAGE_OPTIONS.includes(Number(params.get('perPage'))) ? Number(params.get('perPage')) : DEFAULT_PER_PAGE;
  // Parameters may name a column the list cannot be ordered by (an old or edited link): the default order then.
  const sortable = (key: string | null) => key !== null && (key === defaultSort?.orderBy || sortKeys.includes(key));
  const orderSort = params.get('orderSort');
  const ordering = defaultSort && {
    orderBy: sortable(params.get('orderBy')) ? params.get('orderBy')! : defaultSort.orderBy,
    orderSort: orderSort === 'desc' || orderSort === 'asc' ? orderSort : defaultSort.orderSort,
  };
  const filterQuery = Object.fromEntries(
    filters.flatMap((f) => {
      const raw = params.get(f.name) ?? f.defaultValue;
      if (!raw) return [];
      if (f.toQuery) return Object.entries(f.toQuery(raw));
      return [[f.name, f.parse ? f.parse(raw) : raw]];
    }),
  );
  return { page, perPage, ordering, filterQuery, filtered: filters.some((f) => params.has(f.name)) };
}

/** A filter's text as its input shows it: the parameter's, or its default. */
export const filterText = (params: URLSearchParams, filter: FilterDef | undefined, name: string) => params.get(name) ?? filter?.defaultValue ?? '';

/**
 * The parameters after a change. An empty value, or a filter's default, is left out; any change but paging goes
 * back to page 1 (a new filter or order starts the list again).
 */
export function changeListParams(params: URLSearchParams, updates: Record<string, string | null>, filters: FilterDef[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(updates)) {
    const fallback = filters.find((f) => f.name === key)?.defaultValue;
    if (value === null || value === '' || value === fallback) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in updates)) next.delete('page');
  return next;
}
