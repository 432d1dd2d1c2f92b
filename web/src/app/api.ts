/** Browser storage key of the access token (spec §9). */
export const TOKEN_KEY = 'NB_TOKEN';

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
}

/** Calls the API (same origin), attaching the bearer token when there is one. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = localStorage.getItem(TOKEN_KEY);
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
    throw new ApiError({ code: 0, data: null, error: 'NETWORK.UNREACHABLE', message: 'No hay conexión con CotizaLab. Revisa tu conexión a internet.' });
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope || envelope.code !== 200) {
    throw new ApiError(envelope ?? { code: response.status, data: null, message: 'Ocurrió un error inesperado. Intenta nuevamente.' });
  }
  return envelope.data;
}
