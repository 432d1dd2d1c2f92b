import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all } from 'redux-saga/effects';
import { useDispatch, useSelector } from 'react-redux';
import { onApiActivity } from '../api/client';
import auth from '../shared/auth/authSlice';
import { authSaga } from '../shared/auth/authSaga';
import cart from '../storefront/features/cart/cartSlice';
import { cartSaga } from '../storefront/features/cart/cartSaga';
import locations from '../storefront/features/locations/locationsSlice';
import { locationsSaga } from '../storefront/features/locations/locationsSaga';
import search from '../storefront/features/search/searchSlice';
import { searchSaga } from '../storefront/features/search/searchSaga';
import network, { requestFinished, requestStarted } from './networkSlice';

/**
 * The storefront's slices are built in; the back office's resource slices are injected when its
 * lazy chunk loads, so they add nothing to the storefront's first load.
 */
const builtIn = { auth, cart, locations, network, search };
// combineReducers rather than RTK's combineSlices: the latter pulls reselect into the storefront's first chunk.
const rootReducer = combineReducers(builtIn);

/**
 * A store with the storefront's slices. The browser has one (`store` below, with its sagas); the server makes one per
 * page it renders (entry-server.tsx), with no sagas: its render only reads the state it was given.
 */
export function createAppStore({ sagas }: { sagas: boolean }) {
  const middleware = createSagaMiddleware();
  const made = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(middleware),
  });
  if (sagas) {
    middleware.run(function* rootSaga() {
      yield all([authSaga(), cartSaga(), locationsSaga(), searchSaga()]);
    });
  }
  return { store: made, sagas: middleware };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];

// The browser's store. Made on first use: the server's bundle imports this module too and never uses it.
let browser: ReturnType<typeof createAppStore> | undefined;
function browserStore() {
  if (!browser) {
    browser = createAppStore({ sagas: true });
    const { store: made } = browser;
    // Every API call, whoever makes it, moves the 2 px progress bar.
    onApiActivity((change) => made.dispatch(change > 0 ? requestStarted() : requestFinished()));
  }
  return browser;
}
export const appStore = (): AppStore => browserStore().store;

const injectedReducers: Record<string, Reducer> = {};
/** Adds a lazily loaded slice and its saga once to the browser's store (a second call, e.g. a remount, does nothing). */
export function injectSlice(slice: { reducerPath: string; reducer: Reducer }, saga?: Saga) {
  if (slice.reducerPath in injectedReducers) return;
  injectedReducers[slice.reducerPath] = slice.reducer;
  const { store, sagas } = browserStore();
  store.replaceReducer(combineReducers({ ...builtIn, ...injectedReducers }) as unknown as typeof rootReducer);
  if (saga) sagas.run(saga);
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
