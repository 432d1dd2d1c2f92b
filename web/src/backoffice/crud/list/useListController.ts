import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterOf, ListOf, OrderOf, ResourceName } from '../../../api/dataProvider';
import { FILTER_DELAY_MS, useDebouncedValue } from '../../../shared/useDebouncedValue';
import { useResourceList } from '../hooks';
import { changeListParams, filterText, readListParams, type FilterDef, type ListOrder } from './listParams';

export interface ListControllerOptions<R extends ResourceName> {
  resource: R;
  filters?: FilterDef[];
  /** Sent with every request and not shown (administrators: `profileCode: 'ADM'`; a branch's prices: its id). */
  fixedFilter?: Partial<FilterOf<R>>;
  /**
   * The order of a list whose route declares ordering (`orderingFields`). Without it, nothing about order is sent:
   * the route orders the list, and refuses an `orderBy` it does not take.
   */
  defaultSort?: ListOrder<OrderOf<R>>;
  /** The other orders the list may be asked for (its sortable columns' keys). */
  sortKeys?: string[];
  /**
   * Where the list's state lives: `url` for a list screen (a reload or a shared link shows the same list), `local`
   * for a list inside another screen (a branch's prices), whose address is the screen's.
   */
  stateIn?: 'url' | 'local';
  /** False keeps the page when the order changes (a branch's prices always did); otherwise page 1. */
  resetPageOnSort?: boolean;
}

/**
 * The controller of a list (react-admin's `useListController`): its page, order, filters and selection, the request
 * they make and its answer. The table, the filters, the export and the bulk actions are views of it.
 */
export function useListController<R extends ResourceName>({ resource, filters = [], fixedFilter, defaultSort, sortKeys = [], stateIn = 'url', resetPageOnSort = true }: ListControllerOptions<R>) {
  const [address, setAddress] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const params = stateIn === 'url' ? address : local;
  const write = (next: URLSearchParams, replace: boolean) => (stateIn === 'url' ? setAddress(next, { replace }) : setLocal(next));

  const { page, perPage, ordering, filterQuery, filtered } = readListParams(params, { filters, defaultSort, sortKeys });
  const query = { ...filterQuery, ...fixedFilter, ...ordering, currentPage: page, perPage } as FilterOf<R>;
  const answer = useResourceList(resource, query);

  const [selection, setSelection] = useState<ListOf<R>[]>([]);
  // Every row matching the filters, not only the page's (offered once the whole page is selected).
  const [allMatching, setAllMatching] = useState(false);
  const queryText = JSON.stringify(query);
  useEffect(() => {
    setSelection([]);
    setAllMatching(false);
  }, [queryText]);
  const select = useCallback((rows: ListOf<R>[]) => {
    setSelection(rows);
    setAllMatching(false);
  }, []);

  const change = (updates: Record<string, string | null>, replace = false) => write(changeListParams(params, updates, filters), replace);

  return {
    resource,
    /** What the list asks the data provider for (`getList`). */
    query,
    /** The filters alone, fixed ones included: "every row matching" for a bulk action. */
    matching: { ...filterQuery, ...fixedFilter } as Record<string, unknown>,
    page,
    perPage,
    ordering,
    ...answer,
    /** A filter's value as its input shows it. */
    filterValue: (name: string) => filterText(params, filters.find((f) => f.name === name), name),
    filtered,
    /** `replace`: a filter typed letter by letter replaces its address entry rather than adding one per pause. */
    setFilter: (name: string, value: string | null, replace = false) => change({ [name]: value }, replace),
    clearFilters: () => change(Object.fromEntries(filters.map((f) => [f.name, null]))),
    setPage: (nextPage: number, nextPerPage: number) => change({ page: String(nextPage), perPage: String(nextPerPage) }),
    setSort: (orderBy: string, orderSort: 'asc' | 'desc') => change({ orderBy, orderSort, ...(!resetPageOnSort && { page: String(page) }) }),
    selection,
    allMatching,
    /** How many rows a bulk action takes: the selection, or every row matching. */
    chosen: allMatching ? answer.total : selection.length,
    select,
    selectAllMatching: () => setAllMatching(true),
  };
}

export type ListController<R extends ResourceName> = ReturnType<typeof useListController<R>>;

/**
 * A text filter as it is typed: the input shows every key at once, the list asks again once typing pauses
 * (`FILTER_DELAY_MS`). A change from elsewhere ("Limpiar filtros", going back) is shown in the input.
 */
export function useTypedFilter(list: Pick<ListController<ResourceName>, 'filterValue' | 'setFilter'>, name: string): [string, (text: string) => void] {
  const value = list.filterValue(name);
  const [typed, setTyped] = useState(value);
  // Only a new value from elsewhere rewrites the box; not the one just typed, trimmed (a space typed before the
  // pause stays there).
  useEffect(() => {
    if (value !== typed.trim()) setTyped(value);
  }, [value]);
  const settled = useDebouncedValue(typed, FILTER_DELAY_MS);
  // Only a pause in typing asks again; `list` changes with every render.
  useEffect(() => {
    if (settled !== value) list.setFilter(name, settled.trim() || null, true);
  }, [settled]);
  return [typed, setTyped];
}
