import type {
  AccountMessage, ContactRequest, ContactSent, CurrentUser, PasswordChangeRequest, PasswordRecoveryRequest, PasswordResetRequest, Person, PersonChanges,
  ProviderSignUpRequest, SignInAnswer, SignInRequest, SignUpRequest,
} from '@contracts';
import { api } from './client';
import { useApiForm, useApiQuery } from './hooks';

/** The session: who the stored token names, signing in and out (the auth saga's calls). */
export const authCalls = {
  currentUser: (): Promise<CurrentUser> => api.get('/api/auth/user'),
  signIn: (credentials: SignInRequest): Promise<SignInAnswer> => api.post('/api/auth/sign-in', credentials),
  /** The token stops working at once on the server. */
  signOut: (): Promise<AccountMessage> => api.get('/api/auth/logout'),
};

/** A visitor's sign-up (`/registro`). */
export const useSignUpForm = () => useApiForm<AccountMessage, SignUpRequest>('POST', '/api/auth/sign-up');

/** A laboratory company's sign-up with its first user (`/registro-laboratorio`). */
export const useProviderSignUpForm = () => useApiForm<AccountMessage, ProviderSignUpRequest>('POST', '/api/auth/sign-up-provider');

/** The contact form (`/contacto`). */
export const useContactForm = () => useApiForm<ContactSent, ContactRequest>('POST', '/api/auth/contact-up');

/** Asks for a link to choose a new password. */
export const usePasswordRecoveryForm = () => useApiForm<AccountMessage, PasswordRecoveryRequest>('POST', '/api/jwt/recovery-password');

/** The new password, with the mailed link's token (`/reset-password`). */
export const usePasswordResetForm = () => useApiForm<AccountMessage, PasswordResetRequest>('POST', '/api/auth/reset-password');

/** The signed-in person's new password, knowing the current one. */
export const usePasswordChangeForm = () => useApiForm<AccountMessage, PasswordChangeRequest>('POST', '/api/auth/change-password');

const personPath = (personId: number) => `/api/person/${personId}`;

/** A person's profile (the signed-in person's own: what fills their search), none asked while `personId` is null. */
export const useProfile = (personId: number | null) => useApiQuery<Person>('GET', personId === null ? null : personPath(personId));

/** Saves a person's profile (`/editar-datos`). */
export const useProfileForm = (personId: number) => useApiForm<Person, PersonChanges>('POST', personPath(personId));
