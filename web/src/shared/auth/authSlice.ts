import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser, SignInRequest } from '@contracts';
import { TOKEN_KEY } from '../../api/client';

/** Spec §3: the logged user and the logged person, as `GET /api/auth/user` answers them. */
export type LoggedUser = CurrentUser['user'];
export type LoggedPerson = CurrentUser['person'];

interface AuthState {
  user: LoggedUser | null;
  person: LoggedPerson | null;
  /** The stored token has been checked (or there was none): the header may show who is signed in. */
  checked: boolean;
  signingIn: boolean;
  signInError: string | null;
  /** Visibility of the login box, the recovery-password box and the change-password box (spec §4). */
  loginBoxVisible: boolean;
  recoveryBoxVisible: boolean;
  changePasswordBoxVisible: boolean;
  /**
   * Where a person who signed out themselves is going (home, or the back office's sign-in to enter with another
   * account), null unless they did: a signed-in screen then sends them there, not to /login.
   */
  signedOutTo: string | null;
}

/** Whether this browser keeps a token (never on the server, which renders the public pages). */
export function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

// `checked` starts false, as the server renders a public page (it cannot see this browser's token): the first
// client render must equal the server's HTML. boot.tsx then says whether a token is stored (storedTokenRead),
// before the first render of a page the server did not write, after the hydration of one it did.
const initialState: AuthState = {
  user: null,
  person: null,
  checked: false,
  signingIn: false,
  signInError: null,
  loginBoxVisible: false,
  recoveryBoxVisible: false,
  changePasswordBoxVisible: false,
  signedOutTo: null,
};

/** What the login box sends (`POST /api/auth/sign-in`). */
export type Credentials = SignInRequest;

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    tokenCheckRequested: () => undefined,
    /** Without a stored token there is nothing to check: the header may say "Ingresar" at once. */
    storedTokenRead: (state, action: PayloadAction<boolean>) => {
      if (!action.payload && !state.person) state.checked = true;
    },
    signInRequested: (state, _action: PayloadAction<Credentials>) => {
      state.signingIn = true;
      state.signInError = null;
    },
    signedIn: (state, action: PayloadAction<CurrentUser>) => {
      state.user = action.payload.user;
      state.person = action.payload.person;
      state.checked = true;
      state.signingIn = false;
      state.loginBoxVisible = false;
      state.signedOutTo = null;
    },
    signInFailed: (state, action: PayloadAction<string>) => {
      state.signingIn = false;
      state.signInError = action.payload;
    },
    personUpdated: (state, action: PayloadAction<LoggedPerson>) => {
      state.person = action.payload;
    },
    /**
     * Signs out, going to `to` (home unless said). The screen's navigation there is a transition that may commit after
     * the sign-out's answer: a signed-in screen still shown then sends the person to the same place.
     */
    logoutRequested: (state, action: PayloadAction<string | undefined>) => {
      state.signedOutTo = action.payload ?? '/';
    },
    /** Logout, or a token check that failed: clears user and person. */
    signedOut: (state) => {
      state.user = null;
      state.person = null;
      state.checked = true;
      state.signingIn = false;
    },
    loginBoxShown: (state, action: PayloadAction<boolean>) => {
      state.loginBoxVisible = action.payload;
      state.signInError = null;
      if (action.payload) state.recoveryBoxVisible = false;
    },
    recoveryBoxShown: (state, action: PayloadAction<boolean>) => {
      state.recoveryBoxVisible = action.payload;
      if (action.payload) state.loginBoxVisible = false;
    },
    changePasswordBoxShown: (state, action: PayloadAction<boolean>) => {
      state.changePasswordBoxVisible = action.payload;
    },
  },
});

export const {
  tokenCheckRequested, storedTokenRead, signInRequested, signedIn, signInFailed, personUpdated, logoutRequested, signedOut,
  loginBoxShown, recoveryBoxShown, changePasswordBoxShown,
} = authSlice.actions;
export default authSlice.reducer;
