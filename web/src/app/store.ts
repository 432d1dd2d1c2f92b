import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';
import { useDispatch, useSelector } from 'react-redux';
import locations from '../features/locations/locationsSlice';
import { locationsSaga } from '../features/locations/locationsSaga';
import network from './networkSlice';

const sagas = createSagaMiddleware();

export const store = configureStore({
  reducer: { locations, network },
  middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
});

sagas.run(function* rootSaga() {
  yield all([locationsSaga()]);
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
