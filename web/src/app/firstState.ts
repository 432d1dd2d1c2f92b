import { readPreloaded } from '../api/hooks';
import { comunasLoaded, regionsLoaded, type Location } from '../storefront/features/locations/locationsSlice';
import { examNamed, filterRestored } from '../storefront/features/search/searchSlice';
import { filterFromUrl } from '../storefront/features/search/quoteFilter';
import type { AppStore } from './store';

/**
 * The store's state before the first render, from the address and what the server wrote into the page
 * (storefront-pages.controller.ts): run by the server before it renders a page (entry-server.tsx) and by the browser
 * before it hydrates it (boot.tsx), so both render from the same state.
 */
export function adoptFirstState(store: AppStore, pathname: string, search: string): void {
  // The place pickers' lists: their first render says "Elige una región", not "Cargando…".
  const regions = readPreloaded<Location[]>('places:regions');
  if (regions) store.dispatch(regionsLoaded(regions));
  const comunas = readPreloaded<{ regionId: number; comunas: Location[] }>('places:comunas');
  if (comunas) store.dispatch(comunasLoaded(comunas));

  // A shared search is restored before the first render, its exams already named (the server wrote their names):
  // the page's first render has its chips and summary as they stay, and its search starts at once.
  if (pathname === '/buscador') {
    const names = readPreloaded<Record<string, string>>('search:examNames') ?? {};
    store.dispatch(examNamed(Object.entries(names).map(([id, name]) => ({ id: Number(id), name }))));
    store.dispatch(filterRestored(filterFromUrl(new URLSearchParams(search))));
  }
}
