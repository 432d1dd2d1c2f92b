import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates it (entry-server.tsx, boot.tsx), true from the
 * render after; true at once on a page the browser renders itself. For a control that does nothing until the app has
 * taken the page over: it stays out of reach until then, instead of being pressed in vain.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
