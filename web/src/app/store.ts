import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';
import { useDispatch, useSelector } from 'react-redux';
import auth from '../features/auth/authSlice';
import { authSaga } from '../features/auth/authSaga';
import cart from '../features/cart/cartSlice';
import { cartSaga } from '../features/cart/cartSaga';
import locations from '../features/locations/locationsSlice';
import { locationsSaga } from '../features/locations/locationsSaga';
import search from '../features/search/searchSlice';
import { searchSaga } from '../features/search/searchSaga';
import network from './networkSlice';

const sagas = createSagaMiddleware();

export const store = configureStore({
  reducer: { auth, cart, locations, network, search },
  middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
});

sagas.run(function* rootSaga() {
  yield all([authSaga(), cartSaga(), locationsSaga(), searchSaga()]);
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
