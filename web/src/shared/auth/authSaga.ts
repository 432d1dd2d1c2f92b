import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { CurrentUser, SignInAnswer } from '@contracts';
import { authCalls } from '../../api/auth';
import { TOKEN_KEY } from '../../api/client';
import { logoutRequested, signedIn, signedOut, signInFailed, signInRequested, tokenCheckRequested, type Credentials } from './authSlice';

/** At start: a stored token that still names a session signs the user in; otherwise they stay signed out. */
function* checkToken() {
  if (!localStorage.getItem(TOKEN_KEY)) {
    yield put(signedOut());
    return;
  }
  try {
    const answer: CurrentUser = yield call(authCalls.currentUser);
    // A sign-out while the check was out drops the token: its answer is stale and must not sign anyone back in.
    if (!localStorage.getItem(TOKEN_KEY)) return;
    yield put(signedIn(answer));
  } catch (error) {
    // Spec §8: a failed token check is only logged; the user stays signed out.
    console.warn('CotizaLab: la sesión guardada ya no es válida', error);
    localStorage.removeItem(TOKEN_KEY);
    yield put(signedOut());
  }
}

function* signIn({ payload }: PayloadAction<Credentials>) {
  try {
    const answer: SignInAnswer = yield call(authCalls.signIn, payload);
    localStorage.setItem(TOKEN_KEY, answer.tokenData.accessToken);
    yield put(signedIn({ user: answer.user, person: answer.person }));
  } catch (error) {
    yield put(signInFailed(error instanceof Error ? error.message : 'No pudimos iniciar sesión.'));
  }
}

function* logout() {
  try {
    yield call(authCalls.signOut);
  } catch {
    // The token is dropped below either way; an unreachable server must not keep anyone signed in here.
  }
  localStorage.removeItem(TOKEN_KEY);
  yield put(signedOut());
}

export function* authSaga() {
  yield takeLatest(tokenCheckRequested.type, checkToken);
  yield takeLatest(signInRequested.type, signIn);
  yield takeLatest(logoutRequested.type, logout);
}
