/** Browser storage keys (spec §9): the access token, the cart and the browsing session. */
export const TOKEN_KEY = 'NB_TOKEN';
export const CART_KEY = 'NB_CART';
export const SESSION_KEY = 'NB_SESSION';

/** The API's answer: `{ code, data }`, plus `message`, `error` and `errors` on failure. */
export interface Envelope<T> {
  code: number;
  data: T;
  message?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(readonly envelope: Envelope<unknown>) {
    super(envelope.message ?? 'No pudimos completar la solicitud.');
    this.name = 'ApiError';
  }

  /** The first message of each field, for forms. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.envelope.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
  }
}

type Method = 'GET' | 'POST' | 'DELETE';

async function send<T>(method: Method, path: string, body: unknown, token: string | null): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { code: 0, data: null as T, error: 'NETWORK.UNREACHABLE', message: 'No hay conexión con CotizaLab. Revisa tu conexión a internet.' };
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  return envelope ?? { code: response.status, data: null as T, message: 'Ocurrió un error inesperado. Intenta nuevamente.' };
}

/** Access tokens live 15 minutes: one refresh for every caller that finds its token expired at once. */
let refreshing: Promise<string | null> | null = null;

function refreshToken(expired: string): Promise<string | null> {
  refreshing ??= send<{ tokenData: { accessToken: string } }>('POST', '/api/jwt/refresh-with-token', { token: expired }, null)
    .then((answer) => {
      const token = answer.code === 200 ? answer.data.tokenData.accessToken : null;
      if (token) localStorage.setItem(TOKEN_KEY, token);
      else if (localStorage.getItem(TOKEN_KEY) === expired) localStorage.removeItem(TOKEN_KEY);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Calls the API (same origin), attaching the bearer token when there is one. An expired token
 * is refreshed once and the call repeated; only code 200 is success (spec §7).
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const token = localStorage.getItem(TOKEN_KEY);
  let envelope = await send<T>(method, path, body, token);
  if (envelope.code === 401 && token) {
    const renewed = await refreshToken(token);
    envelope = await send<T>(method, path, body, renewed);
  }
  if (envelope.code !== 200) throw new ApiError(envelope);
  return envelope.data;
}

/** The browsing session (spec §9): the time it began, in seconds, kept in storage. */
export function browsingSession(): number {
  const kept = Number(localStorage.getItem(SESSION_KEY));
  if (Number.isInteger(kept) && kept > 0) return kept;
  const started = Math.floor(Date.now() / 1000);
  localStorage.setItem(SESSION_KEY, String(started));
  return started;
}
