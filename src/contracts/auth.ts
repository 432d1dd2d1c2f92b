/** Profile codes: administrator, provider (laboratory company user), visitor account. */
export type ProfileCode = 'ADM' | 'PRV' | 'USR';

/** `data` of `GET /api/auth/user` (spec §3: logged user and logged person). */
export interface CurrentUser {
  user: { id: number; email: string; lastLoginAt: string | null };
  person: {
    id: number;
    firstName: string;
    lastName: string;
    rut: string | null;
    phone: string | null;
    profile: { code: ProfileCode; name: string };
    company: { id: number; tradeName: string; status: string } | null;
  };
}

/** `data` of `POST /api/auth/sign-in` and `POST /api/jwt/refresh-with-token`. */
export interface TokenData {
  accessToken: string;
  tokenType: 'Bearer';
  /** Seconds until the access token expires. */
  expiresIn: number;
  expiresAt: string;
}

/** `data` of `POST /api/jwt/refresh-with-token`. */
export interface RefreshAnswer {
  tokenData: TokenData;
}

/** `data` of `POST /api/auth/sign-in`: the token and who signed in. */
export type SignInAnswer = RefreshAnswer & CurrentUser;

/** `POST /api/auth/sign-in`. */
export interface SignInRequest {
  email: string;
  password: string;
}

/** `POST /api/auth/sign-up`: a visitor's account (profile USR). An empty phone is left out. */
export interface SignUpRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
}

/** `POST /api/auth/sign-up-provider`: a laboratory company and its first user; the company waits for an administrator's approval. */
export interface ProviderSignUpRequest extends SignUpRequest {
  rut: string;
  legalName: string;
  tradeName: string;
  companyEmail?: string;
  companyPhone?: string;
  addressLine?: string;
  comunaId?: number;
}

/** `POST /api/auth/contact-up`: the contact form's message. */
export interface ContactRequest {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
}

/** `POST /api/jwt/recovery-password`: mails a link to choose a new password (the same answer whether or not the e-mail has an account). */
export interface PasswordRecoveryRequest {
  email: string;
}

/** `POST /api/auth/reset-password`: the new password, with the mailed link's single-use token. */
export interface PasswordResetRequest {
  token: string;
  password: string;
}

/** `POST /api/auth/change-password`: the signed-in person's, knowing the current one; their other sessions close. */
export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

/** What an account call answers when all it says is a sentence: sign-up, password recovery, reset and change, sign-out. */
export interface AccountMessage {
  message: string;
}

/** `data` of `POST /api/auth/contact-up`: the message kept, and the sentence that says so. */
export interface ContactSent extends AccountMessage {
  id: number;
}
