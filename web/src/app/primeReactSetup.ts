/**
 * PrimeReact's Spanish and its accessibility corrections, set once per JavaScript context: the browser's (boot.tsx)
 * and the server's (entry-server.tsx) render the same words and attributes, as hydration needs.
 */
import { addLocale, locale } from 'primereact/api';

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
export const ACCESSIBLE_PARTS = {
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
