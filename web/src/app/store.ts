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

const sagas = createSagaMiddleware();

/**
 * The storefront's slices are built in; the back office's resource slices are injected when its
 * lazy chunk loads, so they add nothing to the storefront's first load.
 */
const builtIn = { auth, cart, locations, network, search };
const injectedReducers: Record<string, Reducer> = {};
// combineReducers rather than RTK's combineSlices: the latter pulls reselect into the storefront's first chunk.
const rootReducer = combineReducers(builtIn);

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
});

sagas.run(function* rootSaga() {
  yield all([authSaga(), cartSaga(), locationsSaga(), searchSaga()]);
});

// Every API call, whoever makes it, moves the 2 px progress bar.
onApiActivity((change) => store.dispatch(change > 0 ? requestStarted() : requestFinished()));

/** Adds a lazily loaded slice and its saga once (a second call, e.g. a remount, does nothing). */
export function injectSlice(slice: { reducerPath: string; reducer: Reducer }, saga?: Saga) {
  if (slice.reducerPath in injectedReducers) return;
  injectedReducers[slice.reducerPath] = slice.reducer;
  store.replaceReducer(combineReducers({ ...builtIn, ...injectedReducers }) as unknown as typeof rootReducer);
  if (saga) sagas.run(saga);
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
