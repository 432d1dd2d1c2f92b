import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { lookupCalls } from '../../../api/lookups';
import type { RootState } from '../../../app/store';
import {
  comunasFailed, comunasLoaded, comunasRequested, regionsFailed, regionsLoaded, regionsRequested, type Location,
} from './locationsSlice';

const message = (error: unknown) => (error instanceof Error ? error.message : 'No pudimos cargar las ubicaciones.');

function* loadRegions() {
  try {
    const regions: Location[] = yield call(lookupCalls.regions);
    yield put(regionsLoaded(regions));
  } catch (error) {
    yield put(regionsFailed(message(error)));
  }
}

function* loadComunas({ payload: regionId }: PayloadAction<number>) {
  const cached: Location[] | undefined = yield select((state: RootState) => state.locations.comunasByRegion[regionId]);
  if (cached) {
    yield put(comunasLoaded({ regionId, comunas: cached }));
    return;
  }
  try {
    const comunas: Location[] = yield call(lookupCalls.comunas, regionId);
    yield put(comunasLoaded({ regionId, comunas }));
  } catch (error) {
    yield put(comunasFailed(message(error)));
  }
}

export function* locationsSaga() {
  yield takeLatest(regionsRequested.type, loadRegions);
  yield takeLatest(comunasRequested.type, loadComunas);
}
