/**
 * The server's render of the public pages (`/`, `/buscador`, `/laboratorio/:id`): the same components, store and
 * routes as the browser's app, rendered to HTML with the answers the server gathered for the page
 * (storefront-pages.controller.ts). The browser then hydrates that HTML (boot.tsx). Built by Vite as an SSR bundle
 * (`vite build --ssr`, web/vite.config.mts) into the web build's `ssr/` folder, and loaded once by the API
 * (src/modules/storefront/app-html.ts).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import './app/primeReactSetup';
import { AppRoot } from './app/AppRoot';
import { AppRoutes, preloadPage } from './app/router';
import { createAppStore } from './app/store';
import { adoptFirstState } from './app/firstState';
import { withPreloaded } from './api/hooks';

/** The pages the server renders: their chunks are loaded once, before the first render, never per request. */
export const RENDERED_PAGES = ['/', '/buscador', '/laboratorio/1'];

/** Loads the rendered pages' modules: a lazy page renders itself, not its Suspense fallback, from then on. */
export async function ready(): Promise<void> {
  await Promise.all(RENDERED_PAGES.map((path) => preloadPage(path)));
}

/**
 * The HTML inside `<div id="root">` of the page at `url` (its path and query), rendered from `preloaded` (the same
 * answers the page carries in `#cl-preloaded`). Synchronous: a render holds no request open and shares nothing with
 * another (a store per render; the answers are set for this render only, hooks.ts).
 */
export function render(url: string, preloaded: Record<string, unknown>): string {
  const { pathname, search } = new URL(url, 'http://localhost');
  const { store } = createAppStore({ sagas: false });
  return withPreloaded(preloaded, () => {
    adoptFirstState(store, pathname, search);
    return renderToString(
      <AppRoot store={store}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>,
    );
  });
}
