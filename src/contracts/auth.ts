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
