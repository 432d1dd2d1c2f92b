import { call, put } from 'redux-saga/effects';
import { apiRequest } from './api';
import { requestFinished, requestStarted } from './networkSlice';

/** A saga step that calls the API and keeps the progress bar informed. */
export function* callApi<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Generator<unknown, T, T> {
  yield put(requestStarted());
  try {
    return yield call(apiRequest<T>, method, path, body);
  } finally {
    yield put(requestFinished());
  }
}
