import { all, call, cancelled, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { ExamDetail } from '@contracts';
import { browsingSession } from '../../../api/client';
import { lookupCalls } from '../../../api/lookups';
import { searchCalls } from '../../../api/search';
import { shortExamName } from '../../../app/format';
import type { RootState } from '../../../app/store';
import { FETCH_DELAY_MS } from '../../../shared/useDebouncedValue';
import { filterToUrl, searchBody, type QuoteFilter } from './quoteFilter';
import {
  examNamed, examNamesWanted, FILTER_ACTIONS, insurersFailed, insurersLoaded, insurersRequested, scrollReset, searchFailed, searchLoaded, searchStarted,
  type Insurer, type QuoteResults,
} from './searchSlice';

const SCROLL_RESET_MS = 5000;

let lastSearch: string | null = null;

/** Spec §9: requests wait 200 ms (takeLatest restarts the wait), so typing or clicking through filters sends one search. */
function* search() {
  yield delay(FETCH_DELAY_MS);
  const { filter, page }: { filter: QuoteFilter; page: number } = yield select((state: RootState) => state.search);
  const key = filterToUrl(filter, page);
  if (key === lastSearch) return;
  lastSearch = key;
  yield put(searchStarted());
  try {
    const [results]: [QuoteResults] = yield all([
      call(searchCalls.quote, { ...searchBody(filter), currentPage: page, session: browsingSession() }),
      call(nameExams, filter.exams),
    ]);
    yield put(searchLoaded(results));
  } catch (error) {
    lastSearch = null;
    yield put(searchFailed(error instanceof Error ? error.message : 'No pudimos buscar laboratorios.'));
  } finally {
    // A search cancelled in flight (takeLatest) answered nothing: the next one asks again, even for the same filter.
    const wasCancelled: boolean = yield cancelled();
    if (wasCancelled) lastSearch = null;
  }
}

/** A shared or reloaded quote names its exams by id only: fetch the names the chips show. */
function* nameExams(examIds: number[]) {
  const known: Record<number, string> = yield select((state: RootState) => state.search.examNames);
  const missing = examIds.filter((id) => !known[id]);
  if (missing.length === 0) return;
  const exams: ExamDetail[] = yield all(missing.map((id) => call(lookupCalls.exam, id)));
  yield put(examNamed(exams.map((e) => ({ id: e.id, name: shortExamName(e.name) }))));
}

function* resetScroll() {
  yield delay(SCROLL_RESET_MS);
  yield put(scrollReset());
}

function* loadInsurers() {
  try {
    const insurers: Insurer[] = yield call(lookupCalls.insurers);
    yield put(insurersLoaded(insurers));
  } catch {
    yield put(insurersFailed());
  }
}

export function* searchSaga() {
  yield takeLatest(FILTER_ACTIONS, search);
  yield takeLatest(searchStarted.type, resetScroll);
  yield takeLatest(insurersRequested.type, loadInsurers);
  yield takeEvery(examNamesWanted.type, function* named(action: ReturnType<typeof examNamesWanted>) {
    try {
      yield call(nameExams, action.payload);
    } catch {
      // The chips keep "…" for an exam whose name could not be read; the quote still has its id.
    }
  });
}
