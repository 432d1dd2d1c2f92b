import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PrimeReactProvider, addLocale, locale } from 'primereact/api';
import { RouterProvider } from 'react-router-dom';
import 'primereact/resources/themes/lara-light-cyan/theme.css';
import 'primeicons/primeicons.css';
import './theme/app.css';
import { store } from './app/store';
import { router } from './app/router';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      {/* The provider's locale is what components read: without it they speak English whatever locale() says. */}
      <PrimeReactProvider value={{ ripple: true, locale: 'es' }}>
        <RouterProvider router={router} />
      </PrimeReactProvider>
    </Provider>
  </StrictMode>,
);
