import type { Envelope, FieldErrors } from '@contracts';
import { saveBlob } from '../shared/save-file';

/** Browser storage keys (spec §9): the access token, the cart and the browsing session. */
export const TOKEN_KEY = 'NB_TOKEN';
export const CART_KEY = 'NB_CART';
export const SESSION_KEY = 'NB_SESSION';

export class ApiError extends Error {
  constructor(readonly envelope: Envelope<unknown>) {
    super(envelope.message ?? 'No pudimos completar la solicitud.');
    this.name = 'ApiError';
  }

  get code(): number {
    return this.envelope.code;
  }

  /** Every message of each field, keyed like the request body (`fonasaPrices.0` for an array item). */
  get errors(): FieldErrors {
    return this.envelope.errors ?? {};
  }

  /** The first message of each field, for forms. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.errors).map(([field, messages]) => [field, messages[0] ?? '']));
  }
}

/** Any failure as an ApiError, so callers read one shape (a thrown TypeError becomes code 0). */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError({ code: 0, data: null, message: error instanceof Error ? error.message : undefined });

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Told when a request starts and ends: the store wires it to the 2 px progress bar. A listener
 * keeps this module free of the store, so lazy chunks and sagas share one client.
 */
type ActivityListener = (change: 1 | -1) => void;
let activity: ActivityListener = () => undefined;
export const onApiActivity = (listener: ActivityListener) => {
  activity = listener;
};

async function send<T>(method: Method, path: string, body: unknown, token: string | null): Promise<Envelope<T>> {
  let response: Response;
  // A file upload is multipart: the browser writes its Content-Type with the boundary.
  const multipart = body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
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
 * is refreshed once and the call repeated; only code 200 is success (spec §7), anything else
 * throws an ApiError carrying the envelope.
 */
async function request<T>(method: Method, path: string, body?: unknown, quiet = false): Promise<T> {
  // A call nobody waits for (the access log) does not move the progress bar.
  if (!quiet) activity(1);
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    let envelope = await send<T>(method, path, body, token);
    if (envelope.code === 401 && token) {
      const renewed = await refreshToken(token);
      envelope = await send<T>(method, path, body, renewed);
    }
    if (envelope.code !== 200) throw new ApiError(envelope);
    return envelope.data;
  } finally {
    if (!quiet) activity(-1);
  }
}

/**
 * The one HTTP client of the web app. Sagas `yield call(api.get, path)`, hooks and pages
 * `await api.post(path, body)`; the data provider is built on it.
 */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  /** A `POST` in the background: nobody waits for it, so the progress bar does not move. */
  postQuietly: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body, true),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A multipart `POST` (a file and its fields), answered in the usual envelope. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  download,
};

/**
 * Saves a file the API serves to signed-in people (an error report, an uploaded original): fetched
 * with the bearer token, since a plain link cannot carry it. An answer that is an envelope (an
 * error) throws as any other call.
 */
async function download(path: string, fallbackName: string): Promise<void> {
  activity(1);
  try {
    const fetchWith = (token: string | null) => fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => null);
    const token = localStorage.getItem(TOKEN_KEY);
    let response = await fetchWith(token);
    if (response?.status === 401 && token) response = await fetchWith(await refreshToken(token));
    if (!response) throw new ApiError({ code: 0, data: null, error: 'NETWORK.UNREACHABLE', message: 'No hay conexión con CotizaLab. Revisa tu conexión a internet.' });
    if (!response.ok || response.headers.get('Content-Type')?.includes('application/json')) {
      const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      throw new ApiError(envelope ?? { code: response.status, data: null, message: 'No pudimos descargar el archivo. Intenta nuevamente.' });
    }
    const named = /filename\*=UTF-8''([^;]+)|filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
    const name = named ? decodeURIComponent(named[1] ?? named[2]) : fallbackName;
    saveBlob(name, await response.blob());
  } finally {
    activity(-1);
  }
}


/** The browsing session (spec §9): the time it began, in seconds, kept in storage. */
export function browsingSession(): number {
  const kept = Number(localStorage.getItem(SESSION_KEY));
  if (Number.isInteger(kept) && kept > 0) return kept;
  const started = Math.floor(Date.now() / 1000);
  localStorage.setItem(SESSION_KEY, String(started));
  return started;
}
