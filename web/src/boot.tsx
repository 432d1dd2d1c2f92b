/**
 * The web app: store, router, PrimeReact's settings and the first render. The entry (main.tsx) imports it once the
 * server's HTML of the page has been painted.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PrimeReactProvider, addLocale, locale } from 'primereact/api';
import { BrowserRouter } from 'react-router-dom';
import { store } from './app/store';
import { AppRoutes, preloadPage } from './app/router';
import { readPreloaded } from './api/hooks';
import { examNamed, filterRestored } from './storefront/features/search/searchSlice';
import { filterFromUrl } from './storefront/features/search/quoteFilter';
import { comunasLoaded, regionsLoaded, type Location } from './storefront/features/locations/locationsSlice';

/**
 * Corrections to what PrimeReact tells screen readers, for every instance (axe finds each on every
 * page otherwise):
 * - a dropdown's hidden native <select> (an unnamed duplicate of its combobox) and its chevron (a
 *   nameless "button" the combobox already opens) are hidden from them;
 * - a table's row checkbox is the native checkbox inside, not also a "checkbox" around it (an
 *   interactive role holding a focusable control, and without a state); its select-all box is named in Spanish;
 * - a switch is its native switch inside, not also a "checkbox" around it;
 * - chips are a list of removable items and a text box, not a "listbox" whose options are not options.
 */
const UNSET = undefined;
const ACCESSIBLE_PARTS = {
  dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
  checkbox: {
    root: ({ props }: { props: { role?: string } }) => (props.role === 'checkbox' ? { role: UNSET, tabIndex: UNSET, 'aria-label': UNSET } : {}),
    // DataTable names its select-all box from its own bundled copy of the English locale, which locale('es') below
    // does not reach: the box is named in Spanish here, whatever it holds (its state is the checkbox's own).
    input: ({ props }: { props: { 'aria-label'?: string } }) => (props['aria-label'] === 'All items unselected' || props['aria-label'] === 'All items selected' ? { 'aria-label': 'Seleccionar todos' } : {}),
  },
  inputswitch: { root: { role: UNSET, 'aria-checked': UNSET } },
  chips: {
    container: { role: UNSET, 'aria-orientation': UNSET, 'aria-activedescendant': UNSET, 'aria-label': UNSET, 'aria-labelledby': UNSET },
    token: { role: UNSET, 'aria-selected': UNSET, 'aria-setsize': UNSET, 'aria-posinset': UNSET },
  },
};

addLocale('es', {
  accept: 'Sí', reject: 'No', emptyMessage: 'Sin resultados', emptyFilterMessage: 'Sin coincidencias', clear: 'Limpiar', apply: 'Aplicar',
  dayNames: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  dayNamesShort: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  dayNamesMin: ['D', 'L', 'M', 'X', 'J', 'V', 'S'],
  monthNames: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  monthNamesShort: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  firstDayOfWeek: 1,
  // What screen readers hear on PrimeReact's own controls (tables, paging, dialogs, passwords).
  aria: {
    close: 'Cerrar', trueLabel: 'Sí', falseLabel: 'No', nullLabel: 'Sin elegir',
    selectRow: 'Seleccionar', unselectRow: 'Quitar de la selección', selectAll: 'Todos seleccionados', unselectAll: 'Seleccionar todos',
    firstPageLabel: 'Primera página', lastPageLabel: 'Última página', nextPageLabel: 'Página siguiente', prevPageLabel: 'Página anterior',
    pageLabel: 'Página {page}', rowsPerPageLabel: 'Filas por página', jumpToPageDropdownLabel: 'Filas por página',
  },
});
locale('es');

// The place pickers' lists, when the server wrote them: their first render says "Elige una región", not "Cargando…".
const regions = readPreloaded<Location[]>('places:regions');
if (regions) store.dispatch(regionsLoaded(regions));
const comunas = readPreloaded<{ regionId: number; comunas: Location[] }>('places:comunas');
if (comunas) store.dispatch(comunasLoaded(comunas));

// A shared search is restored before the first render, its exams already named (the server wrote their names):
// the page's first render has its chips and summary as they stay, and its search starts at once.
if (window.location.pathname === '/buscador') {
  const names = readPreloaded<Record<string, string>>('search:examNames') ?? {};
  store.dispatch(examNamed(Object.entries(names).map(([id, name]) => ({ id: Number(id), name }))));
  store.dispatch(filterRestored(filterFromUrl(new URLSearchParams(window.location.search))));
}

// The page's own chunk first: its first render is the page, painted over the server's HTML of it (page-shell.ts).
// A chunk that fails renders anyway: the route's lazy loader retries it, or reloads once.
// The first render is a transition: React renders it in slices of a few milliseconds instead of one long task that
// a phone's finger would wait behind (Lighthouse's TBT); the server's HTML stays on screen until the commit.
void preloadPage(window.location.pathname).catch(() => undefined).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(
    <StrictMode>
      <Provider store={store}>
        {/* The provider's locale is what components read: without it they speak English whatever locale() says.
            No ripple: each one measures its button as it mounts (a forced layout per button, ~100 ms of a phone's
            main thread on the search page) for a click effect nobody needs. */}
        <PrimeReactProvider value={{ ripple: false, locale: 'es', pt: ACCESSIBLE_PARTS }}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </PrimeReactProvider>
      </Provider>
    </StrictMode>,
  ));
});
