import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Page } from '@contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import { asApiError } from '../../api/client';
import { dataProvider, type FilterOf, type ListOf, type OneOf, type ResourceName } from '../../api/dataProvider';
import { injectSlice, type RootState } from '../../app/store';

interface Identified {
  id: number;
}

/**
 * The state of one resource (spec §4, "Resources"): its list and its single item each have a
 * `loading` flag, set when a request starts, and a `loaded` flag, set when the answer's code is 200.
 */
export interface ResourceState<L extends Identified, O> {
  list: EntityState<L, number> & {
    /** The query the entities answer, as a key: a screen asking for another one knows it must wait. */
    query: string | null;
    total: number;
    loading: boolean;
    loaded: boolean;
    error: string | null;
  };
  item: { id: number | null; record: O | null; loading: boolean; loaded: boolean; error: { code: number; message: string } | null };
}

export const queryKey = (query: unknown) => JSON.stringify(query);

function buildSlice<R extends ResourceName>(resource: R) {
  type L = ListOf<R> & Identified;
  type O = OneOf<R>;
  const adapter = createEntityAdapter<L, number>({ selectId: (row) => row.id });
  const initialState: ResourceState<L, O> = {
    list: adapter.getInitialState({ query: null, total: 0, loading: false, loaded: false, error: null }),
    item: { id: null, record: null, loading: false, loaded: false, error: null },
  };
  const slice = createSlice({
    name: `resources/${resource}`,
    reducerPath: `resource:${resource}`,
    initialState,
    // Events, not setters (Redux style guide): what happened, and the reducer decides what changes.
    reducers: {
      listRequested: (state, action: PayloadAction<FilterOf<R>>) => {
        state.list.loading = true;
        state.list.error = null;
        state.list.query = queryKey(action.payload);
        state.list.loaded = false;
      },
      listLoaded: (state, action: PayloadAction<{ query: string; page: Page<L> }>) => {
        if (action.payload.query !== state.list.query) return;
        adapter.setAll(state.list as EntityState<L, number>, action.payload.page.items);
        state.list.total = action.payload.page.total;
        state.list.loading = false;
        state.list.loaded = true;
      },
      listFailed: (state, action: PayloadAction<string>) => {
        state.list.loading = false;
        state.list.error = action.payload;
      },
      itemRequested: (state, action: PayloadAction<number>) => {
        if (state.item.id !== action.payload) state.item.record = null;
        state.item.id = action.payload;
        state.item.loading = true;
        state.item.loaded = false;
        state.item.error = null;
      },
      itemLoaded: (state, action: PayloadAction<O & Identified>) => {
        if (action.payload.id !== state.item.id) return;
        state.item.record = action.payload as never;
        state.item.loading = false;
        state.item.loaded = true;
        // A list row of the same record shows what was just read (a type's values after editing them).
        if (state.list.entities[action.payload.id]) adapter.updateOne(state.list as EntityState<L, number>, { id: action.payload.id, changes: action.payload as never });
      },
      itemFailed: (state, action: PayloadAction<{ id: number; code: number; message: string }>) => {
        if (action.payload.id !== state.item.id) return;
        state.item.loading = false;
        state.item.error = { code: action.payload.code, message: action.payload.message };
      },
      /** A record was created, edited or changed by an action: both views show the new version. */
      recordSaved: (state, action: PayloadAction<O & Identified>) => {
        const saved = action.payload;
        if (state.item.id === saved.id) state.item.record = saved as never;
        if (state.list.entities[saved.id]) adapter.updateOne(state.list as EntityState<L, number>, { id: saved.id, changes: saved as never });
      },
      /** Records were created elsewhere (an invitation, a new administrator): the list is read again. */
      listStale: (state) => {
        state.list.query = null;
      },
      recordsRemoved: (state, action: PayloadAction<number[]>) => {
        // The list is read again after a removal (a retired exam may still match "all"); the item is stale.
        state.list.query = null;
        if (state.item.id !== null && action.payload.includes(state.item.id)) state.item.loaded = false;
      },
    },
  });

  function* fetchList({ payload }: PayloadAction<FilterOf<R>>) {
    const query = queryKey(payload);
    try {
      const page: Page<L> = yield call(dataProvider.getList<R>, resource, payload);
      yield put(slice.actions.listLoaded({ query, page }));
    } catch (error) {
      yield put(slice.actions.listFailed(asApiError(error).message));
    }
  }

  function* fetchItem({ payload: id }: PayloadAction<number>) {
    try {
      const record: O & Identified = yield call(dataProvider.getOne<R>, resource, id);
      yield put(slice.actions.itemLoaded(record));
    } catch (error) {
      const failure = asApiError(error);
      yield put(slice.actions.itemFailed({ id, code: failure.code, message: failure.message }));
    }
  }

  function* saga() {
    // takeLatest: a newer query (a filter typed further, another page) cancels the older request.
    yield takeLatest(slice.actions.listRequested.type, fetchList);
    yield takeLatest(slice.actions.itemRequested.type, fetchItem);
  }

  const select = (state: RootState): ResourceState<L, O> => (state as unknown as Record<string, ResourceState<L, O> | undefined>)[slice.reducerPath] ?? initialState;
  const selectors = adapter.getSelectors((state: RootState) => select(state).list as EntityState<L, number>);
  return { slice, actions: slice.actions, saga, select, selectRows: selectors.selectAll };
}

export type ResourceStore<R extends ResourceName> = ReturnType<typeof buildSlice<R>>;

const stores = new Map<ResourceName, ResourceStore<ResourceName>>();

/** The slice, saga and selectors of a resource, made and injected into the store on first use. */
export function resourceStore<R extends ResourceName>(resource: R): ResourceStore<R> {
  let store = stores.get(resource) as ResourceStore<R> | undefined;
  if (!store) {
    store = buildSlice(resource);
    injectSlice(store.slice, store.saga);
    stores.set(resource, store as unknown as ResourceStore<ResourceName>);
  }
  return store;
}
