import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PrimeReactProvider } from 'primereact/api';
import { ACCESSIBLE_PARTS } from './primeReactSetup';
import type { AppStore, RootState } from './store';

/**
 * The app's providers, around its router (BrowserRouter in boot.tsx, StaticRouter in entry-server.tsx): one tree,
 * so the server's HTML of a public page and the browser's hydration of it are rendered by the same components.
 */
export function AppRoot({ store, serverState, onCommitted, onSettled, children }: {
  store: AppStore;
  serverState?: RootState;
  /** After the first commit (the hydration's, in the browser), before the browser paints it. */
  onCommitted?: () => void;
  /** After the first commit's effects (every component's, PrimeReact's refs among them). */
  onSettled?: () => void;
  children: ReactNode;
}) {
  // Effects of this component, so that the tree is the same on both sides (a component of its own beside the router
  // would change useId's ids). Its passive effect runs after its children's: every control is ready by then.
  useLayoutEffect(() => onCommitted?.(), []);
  useEffect(() => onSettled?.(), []);
  return (
    <StrictMode>
      {/* The hydration renders from `serverState`, the state the server rendered with, whatever the store holds by
          then (a search that started before it and answered while a slow phone hydrated); React renders the
          store's newer state right after. */}
      <Provider store={store} serverState={serverState}>
        {/* The provider's locale is what components read: without it they speak English whatever locale() says.
            No ripple: each one measures its button as it mounts (a forced layout per button, ~100 ms of a phone's
            main thread on the search page) for a click effect nobody needs. */}
        <PrimeReactProvider value={{ ripple: false, locale: 'es', pt: ACCESSIBLE_PARTS }}>
          {children}
        </PrimeReactProvider>
      </Provider>
    </StrictMode>
  );
}
