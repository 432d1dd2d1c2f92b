import { createElement, lazy, type ComponentType } from 'react';
import { chunkLoaded, reloadOnceForNewRelease } from './chunkReload';

/**
 * Route-level code splitting. A chunk that fails to load (typically after a new release
 * replaced it) reloads the page once, as the spec asks, instead of showing an error.
 *
 * `preload()` fetches the chunk ahead: once it is in, the page renders at once instead of
 * suspending. The server loads its rendered pages so before any render (entry-server.tsx), and the
 * browser loads the page it opens before it hydrates it (boot.tsx): both render the page itself,
 * never its Suspense fallback, so the hydration matches.
 */
// `any` props, as React.lazy itself takes: screens with and without props share this.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        chunkLoaded();
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        if (reloadOnceForNewRelease()) return new Promise<never>(() => undefined);
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Page = (props: any) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload });
}
