import { lazy, type ComponentType } from 'react';

const RELOADED_KEY = 'cotizalab:chunk-reload';

/**
 * Route-level code splitting. A chunk that fails to load (typically after a new release
 * replaced it) reloads the page once, as the spec asks, instead of showing an error.
 */
// `any` props, as React.lazy itself takes: screens with and without props share this.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        return module;
      },
      (error: unknown) => {
        if (!sessionStorage.getItem(RELOADED_KEY)) {
          sessionStorage.setItem(RELOADED_KEY, '1');
          window.location.reload();
          return new Promise<never>(() => undefined);
        }
        throw error;
      },
    ),
  );
}
