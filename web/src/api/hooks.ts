import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, asApiError } from './client';

interface FormState {
  submitting: boolean;
  /** A message for the whole form, in Spanish, as the API or the network gave it. */
  error: string | null;
  /** The first message per field, keyed like the request body. */
  fieldErrors: Record<string, string>;
}

/** The message on top of a form: the envelope's own, or a pointer to the fields when they say it better. */
export const formMessage = (error: ApiError) => (Object.keys(error.errors).length > 0 ? 'Revisa los campos marcados.' : error.message);

/**
 * Submits a form to the API and keeps what a person needs to see: that it is being sent, and
 * what was wrong, per field. Resolves to the answer's data, or undefined when it failed.
 */
export function useApiForm<T>(method: 'POST' | 'GET', path: string) {
  const [state, setState] = useState<FormState>({ submitting: false, error: null, fieldErrors: {} });

  const submit = useCallback(
    async (body?: unknown): Promise<T | undefined> => {
      setState({ submitting: true, error: null, fieldErrors: {} });
      try {
        const data = method === 'GET' ? await api.get<T>(path) : await api.post<T>(path, body);
        setState({ submitting: false, error: null, fieldErrors: {} });
        return data;
      } catch (caught) {
        const error = asApiError(caught);
        setState({ submitting: false, error: formMessage(error), fieldErrors: error.fieldErrors });
        return undefined;
      }
    },
    [method, path],
  );

  return { ...state, submit };
}

interface QueryState<T> {
  data: T | null;
  /** Loading: a request is out; loaded: the last one answered 200 (spec §4, "Resources"). */
  loading: boolean;
  loaded: boolean;
  error: ApiError | null;
}

/**
 * Reads one resource of a screen (a laboratory page, a reference list): fetched again when `body`
 * changes, the stale answer of an earlier request ignored.
 */
export function useApiQuery<T>(method: 'GET' | 'POST', path: string | null, body?: unknown) {
  const [state, setState] = useState<QueryState<T>>({ data: null, loading: path !== null, loaded: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(body ?? null);

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    (method === 'GET' ? api.get<T>(path) : api.post<T>(path, body)).then(
      (data) => current && setState({ data, loading: false, loaded: true, error: null }),
      (error: unknown) => current && setState((s) => ({ ...s, loading: false, loaded: false, error: asApiError(error) })),
    );
    return () => {
      current = false;
    };
    // `key` stands for `body`, which callers rebuild on every render.
  }, [method, path, key, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
