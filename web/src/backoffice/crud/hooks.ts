import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ToastMessage } from 'primereact/toast';
import type { Company } from '@contracts';
import { dataProvider, type FilterOf, type InputOf, type ListOf, type OneOf, type ResourceName } from '../../api/dataProvider';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { queryKey, resourceStore } from './resourceSlice';

/** The rows of a list query, fetched when the query changes (or after a removal made them stale). */
export function useResourceList<R extends ResourceName>(resource: R, query: FilterOf<R>) {
  const store = resourceStore(resource);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => store.select(state).list);
  const rows = useAppSelector(store.selectRows);
  const key = queryKey(query);
  const current = list.query === key;
  useEffect(() => {
    if (!current) dispatch(store.actions.listRequested(JSON.parse(key) as FilterOf<R>));
  }, [dispatch, store, key, current]);
  const refresh = useCallback(() => dispatch(store.actions.listRequested(JSON.parse(key) as FilterOf<R>)), [dispatch, store, key]);
  return { rows: current ? rows : [], total: current ? list.total : 0, loading: list.loading || !current, loaded: current && list.loaded, error: list.error, refresh };
}

/** One record, fetched when the id changes; `error.code` 404 means it does not exist. */
export function useResourceItem<R extends ResourceName>(resource: R, id: number | null) {
  const store = resourceStore(resource);
  const dispatch = useAppDispatch();
  const item = useAppSelector((state) => store.select(state).item);
  const stale = id !== null && (item.id !== id || (!item.loaded && !item.loading && !item.error));
  useEffect(() => {
    if (stale && id !== null) dispatch(store.actions.itemRequested(id));
  }, [dispatch, store, id, stale]);
  const record = !stale && item.id === id ? (item.record as OneOf<R> | null) : null;
  return { record, loading: stale || item.loading, loaded: !stale && item.loaded, error: stale ? null : item.error, reload: () => id !== null && dispatch(store.actions.itemRequested(id)) };
}

/** Writes through the data provider and tells the resource's state what happened. */
export function useMutations<R extends ResourceName>(resource: R) {
  const store = resourceStore(resource);
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      async create(data: InputOf<R>) {
        const saved = await dataProvider.create(resource, data);
        dispatch(store.actions.recordSaved(saved as never));
        return saved;
      },
      async update(id: number, data: Partial<InputOf<R>>) {
        const saved = await dataProvider.update(resource, id, data);
        dispatch(store.actions.recordSaved(saved as never));
        return saved;
      },
      /** Records were created outside these mutations: the list reads them on its next visit. */
      listStale() {
        dispatch(store.actions.listStale());
      },
      /** A record changed by a custom action (a flag toggled): shown everywhere at once. */
      saved(record: OneOf<R>) {
        dispatch(store.actions.recordSaved(record as never));
      },
      async remove(ids: number[]) {
        // One at a time: a bulk retire of many exams must not open dozens of transactions at once.
        const failed: { id: number; error: unknown }[] = [];
        for (const id of ids) await dataProvider.delete(resource, id).catch((error: unknown) => failed.push({ id, error }));
        dispatch(store.actions.recordsRemoved(ids));
        return failed;
      },
    }),
    [dispatch, resource, store],
  );
}

/** Toasts of the back office: one Toast in the layout, shown from any screen. */
export const NotifyContext = createContext<(message: ToastMessage) => void>(() => undefined);
export const useNotify = () => useContext(NotifyContext);

const references = new Map<ResourceName, Promise<unknown[]>>();

/** A short reference list (exam types...) read once per visit and shared by every screen that needs it. */
export function useReference<R extends ResourceName>(resource: R) {
  const [rows, setRows] = useState<ListOf<R>[] | null>(null);
  useEffect(() => {
    let current = true;
    let load = references.get(resource);
    if (!load) {
      load = dataProvider.getAll(resource);
      references.set(resource, load);
      // A failed read is tried again by the next screen, not cached.
      load.catch(() => references.delete(resource));
    }
    load.then((found) => current && setRows(found as ListOf<R>[]), () => current && setRows([]));
    return () => {
      current = false;
    };
  }, [resource]);
  return rows;
}

/** The companies to choose from (a person's, an import's), read once per screen; null while loading. */
export function useCompanies(enabled: boolean) {
  const [companies, setCompanies] = useState<Company[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    dataProvider.companyOptions().then((page) => current && setCompanies(page.items), () => current && setCompanies([]));
    return () => {
      current = false;
    };
  }, [enabled]);
  return companies;
}
