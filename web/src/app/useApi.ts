import { useCallback, useEffect, useState } from 'react';
import { apiRequest, ApiError } from './api';
import { requestFinished, requestStarted } from './networkSlice';
import { useAppDispatch } from './store';

interface FormState {
  submitting: boolean;
  /** A message for the whole form, in Spanish, as the API or the network gave it. */
  error: string | null;
  /** The first message per field, keyed like the request body. */
  fieldErrors: Record<string, string>;
}

/**
 * Submits a form to the API and keeps what a person needs to see: that it is being sent, and
 * what was wrong, per field. Resolves to the answer's data, or undefined when it failed.
 */
export function useApiForm<T>(method: 'POST' | 'GET', path: string) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<FormState>({ submitting: false, error: null, fieldErrors: {} });

  const submit = useCallback(
    async (body?: unknown): Promise<T | undefined> => {
      setState({ submitting: true, error: null, fieldErrors: {} });
      dispatch(requestStarted());
      try {
        const data = await apiRequest<T>(method, path, body);
        setState({ submitting: false, error: null, fieldErrors: {} });
        return data;
      } catch (error) {
        const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
        const message = error instanceof Error ? error.message : 'No pudimos enviar el formulario.';
        setState({ submitting: false, error: Object.keys(fieldErrors).length > 0 ? 'Revisa los campos marcados.' : message, fieldErrors });
        return undefined;
      } finally {
        dispatch(requestFinished());
      }
    },
    [dispatch, method, path],
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
 * Reads one resource of a screen (a laboratory page, the panel's data): fetched again when `body`
 * changes, the stale answer of an earlier request ignored.
 */
export function useApiQuery<T>(method: 'GET' | 'POST', path: string | null, body?: unknown) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<QueryState<T>>({ data: null, loading: path !== null, loaded: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(body ?? null);

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    dispatch(requestStarted());
    apiRequest<T>(method, path, body)
      .then(
        (data) => current && setState({ data, loading: false, loaded: true, error: null }),
        (error: unknown) =>
          current && setState((s) => ({ ...s, loading: false, loaded: false, error: error instanceof ApiError ? error : new ApiError({ code: 0, data: null }) })),
      )
      .finally(() => dispatch(requestFinished()));
    return () => {
      current = false;
    };
    // `key` stands for `body`, which callers rebuild on every render.
  }, [dispatch, method, path, key, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
