/**
 * A chunk that fails to load is, almost always, one a new release replaced since this HTML was served: the page
 * reloads once, as the spec asks, instead of showing an error. No React here: the entry (main.tsx) uses it too.
 */
const RELOADED_KEY = 'cotizalab:chunk-reload';

/** Reloads the page unless it was already reloaded for this; answers whether it did. */
export function reloadOnceForNewRelease(): boolean {
  // The server's render (entry-server.tsx) has no page to reload: its chunks are in its own bundle.
  if (typeof sessionStorage === 'undefined') return false;
  if (sessionStorage.getItem(RELOADED_KEY)) return false;
  sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
  return true;
}

/** A chunk loaded: a later failure may reload again. */
export function chunkLoaded(): void {
  if (typeof sessionStorage === 'undefined') return;
  sessionStorage.removeItem(RELOADED_KEY);
}
