/**
 * The web app: store, router, PrimeReact's settings and the first render. The entry (main.tsx) imports it once the
 * server's HTML of the page has been painted.
 *
 * A public page the server rendered (`/`, `/buscador`, `/laboratorio/:id`: `<div id="root" data-ssr>`,
 * entry-server.tsx) is hydrated: React adopts the server's HTML instead of rendering it again. Its first render must
 * equal that HTML, so the store starts from what the server rendered with (adoptFirstState) and what only this
 * browser knows (its stored token and cart) comes in after the hydration. Any other page is rendered here.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/primeReactSetup';
import { AppRoot } from './app/AppRoot';
import { appStore, createAppStore } from './app/store';
import { AppRoutes, preloadPage } from './app/router';
import { adoptFirstState } from './app/firstState';
import { replayEarlyClicks } from './app/earlyClicks';
import { hasStoredToken, storedTokenRead } from './shared/auth/authSlice';
import { cartRestored, storedCart } from './storefront/features/cart/cartSlice';

const store = appStore();
const container = document.getElementById('root')!;
const serverRendered = container.hasAttribute('data-ssr');
adoptFirstState(store, window.location.pathname, window.location.search);

/**
 * The state the server rendered with, made as the server made it (entry-server.tsx: a store without sagas, the same
 * first state). The browser's store moves on at once (a shared quote's search starts now and may answer before a
 * slow phone has hydrated the page): the hydration renders from this one.
 */
function serverRenderedState() {
  const { store: server } = createAppStore({ sagas: false });
  adoptFirstState(server, window.location.pathname, window.location.search);
  return server.getState();
}
const serverState = serverRendered ? serverRenderedState() : undefined;

/** What only this browser keeps: whether a token is stored (the header's "Ingresar"), and the cart. */
const restoreBrowserState = () => {
  store.dispatch(storedTokenRead(hasStoredToken()));
  const kept = storedCart();
  if (kept.length > 0) store.dispatch(cartRestored(kept));
};

if (!serverRendered) restoreBrowserState();

// A hydrated page gets them after the hydration's commit, before the browser paints it.
const app = (
  <AppRoot
    store={store}
    serverState={serverState}
    onCommitted={serverRendered ? restoreBrowserState : undefined}
    // Once everything can answer them: the controls take pointers (app.css), and the clicks made on the server's page
    // before the hydration (main.tsx held them) are done again.
    onSettled={serverRendered ? () => setTimeout(() => {
      container.setAttribute('data-hydrated', '');
      void replayEarlyClicks();
    }) : undefined}
  >
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppRoot>
);

// The page's own chunk first: a lazy page hydrates as itself, not as its Suspense fallback (which would not match the
// server's HTML), and a page the server did not write renders at once, with no empty <main> in between.
// A chunk that fails renders anyway: the route's lazy loader retries it, or reloads once.
// The first render is a transition: React renders (or hydrates) it in slices of a few milliseconds instead of one long
// task that a phone's finger would wait behind (Lighthouse's TBT); the server's HTML stays on screen meanwhile.
void preloadPage(window.location.pathname).catch(() => undefined).then(() => {
  // A mismatch React recovers from (by rendering the page again) is still a fault to fix: said in the console, where
  // the hydration test (test/storefront/hydration.browser.ts) listens.
  const onRecoverableError = (error: unknown, info: { componentStack?: string }) => console.error('CotizaLab: la página del servidor no coincidió con la app', error, info.componentStack ?? '');
  if (serverRendered) startTransition(() => void hydrateRoot(container, app, { onRecoverableError }));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
});
