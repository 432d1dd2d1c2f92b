import { useCallback, useEffect, useRef, useState } from 'react';
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
 * what was wrong, per field. Resolves to the answer's data (`T`), or undefined when it failed;
 * `B` is the body the form sends.
 */
export function useApiForm<T, B = unknown>(method: 'POST' | 'GET', path: string) {
  const [state, setState] = useState<FormState>({ submitting: false, error: null, fieldErrors: {} });

  const submit = useCallback(
    async (body?: B): Promise<T | undefined> => {
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
  const key = JSON.stringify(body ?? null);
  const [state, setState] = useState<QueryState<T>>(() => {
    const preloaded = path === null ? undefined : readPreloaded<T>(`${method} ${path} ${key}`);
    return preloaded !== undefined ? { data: preloaded, loading: false, loaded: true, error: null } : { data: null, loading: path !== null, loaded: false, error: null };
  });
  const [attempt, setAttempt] = useState(0);
  const skipFirst = useRef(state.loaded);

  useEffect(() => {
    if (path === null) return;
    // The server wrote this answer into the page: the first render already showed it.
    if (skipFirst.current) {
      skipFirst.current = false;
      // Once: coming back to this page later asks the API again.
      delete preloadedAnswers?.[`${method} ${path} ${key}`];
      return;
    }
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

let preloadedAnswers: Record<string, unknown> | undefined;

/**
 * An API answer the server wrote into the page it served (`<script type="application/json"
 * id="cl-preloaded">`, keyed "METHOD path body"), used once (the effect forgets it): a page opened from a link renders
 * its data on the first render, with no loading state in between, and the browser's first render equals the server's
 * HTML of it (storefront-pages.controller.ts, entry-server.tsx).
 */
export function readPreloaded<T>(key: string): T | undefined {
  if (preloadedAnswers === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById('cl-preloaded');
    try {
      preloadedAnswers = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
    } catch {
      preloadedAnswers = {};
    }
  }
  return preloadedAnswers[key] as T | undefined;
}

/**
 * Runs `render` (the server's render of one page, entry-server.tsx) with `answers` as the page's preloaded answers.
 * A module variable rather than a context: the render is synchronous (renderToString), so no other request's render
 * can run while it is set, and useApiQuery reads it the same way on both sides.
 */
export function withPreloaded<T>(answers: Record<string, unknown>, render: () => T): T {
  preloadedAnswers = answers;
  try {
    return render();
  } finally {
    preloadedAnswers = undefined;
  }
}
