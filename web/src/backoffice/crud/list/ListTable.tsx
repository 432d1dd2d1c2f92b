import type { ReactNode } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import type { ListOf, ResourceName } from '../../../api/dataProvider';
import { PER_PAGE_OPTIONS } from './listParams';
import type { ListController } from './useListController';

export interface ColumnDef<T> {
  header: string;
  /** The API's `orderBy` value when the column can be sorted. */
  sortKey?: string;
  body: (row: T) => ReactNode;
  /** Amounts: right-aligned, header included. */
  numeric?: boolean;
  /** Short values that must not break (codes such as 03-01-045). */
  nowrap?: boolean;
  /** The cells' class, instead of the one `numeric` or `nowrap` gives (the header keeps its own). */
  className?: string;
}

const PAGINATOR = {
  layout: 'PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown',
  // PrimeReact's own names this dropdown "Jump to Page Dropdown", from a copy of its English locale bundled in
  // the paginator that locale('es') does not reach: the same dropdown, named in Spanish.
  RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => (
    <Dropdown value={options.value} options={options.options} onChange={options.onChange} appendTo={options.appendTo} aria-label="Filas por página" />
  ),
};

/**
 * The table view of a list controller: its page of rows, paged and sorted on the server, the columns given, an
 * "Acciones" column, and row selection when there are bulk actions (their bar is the table's header while a row is
 * selected).
 */
export function ListTable<R extends ResourceName>({ list, label, columns, actions, emptyMessage, className, bulkActions, rowName }: {
  list: ListController<R>;
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<ListOf<R>>[];
  /** The controls of a row, in the "Acciones" column. */
  actions: (row: ListOf<R>) => ReactNode;
  emptyMessage: string;
  /** Beside `cl-table`. */
  className?: string;
  /** The bulk actions' bar: rows can then be selected. */
  bulkActions?: ReactNode;
  /** How a row is named to screen readers ("Seleccionar Hemograma"). */
  rowName?: (row: ListOf<R>) => string;
}) {
  const { ordering } = list;
  const sortColumn = ordering && columns.find((c) => c.sortKey === ordering.orderBy);
  const onPage = (event: DataTableStateEvent) => list.setPage((event.page ?? 0) + 1, event.rows);
  const onSort = (event: DataTableStateEvent) => list.setSort(String(event.sortField), event.sortOrder === -1 ? 'desc' : 'asc');
  const selectable = Boolean(bulkActions);
  return (
    <DataTable
      value={list.rows}
      dataKey="id"
      lazy
      loading={list.loading}
      header={(selectable && list.selection.length > 0 && bulkActions) || undefined}
      paginator
      first={(list.page - 1) * list.perPage}
      rows={list.perPage}
      totalRecords={list.total}
      rowsPerPageOptions={PER_PAGE_OPTIONS}
      onPage={onPage}
      paginatorTemplate={PAGINATOR}
      currentPageReportTemplate="{first}–{last} de {totalRecords}"
      sortField={sortColumn ? ordering.orderBy : undefined}
      sortOrder={ordering?.orderSort === 'desc' ? -1 : 1}
      onSort={onSort}
      selectionMode={selectable ? 'checkbox' : null}
      // "Seleccionar Hemograma" rather than an id: PrimeReact resolves a function here too (resolveFieldData).
      selectionAriaLabel={rowName as unknown as string}
      selection={list.selection}
      onSelectionChange={(e: { value: unknown }) => list.select(e.value as ListOf<R>[])}
      responsiveLayout="stack"
      breakpoint="960px"
      emptyMessage={emptyMessage}
      className={className ? `cl-table ${className}` : 'cl-table'}
      // Named on the <table> itself (the component's own aria-label lands on its wrapper).
      pt={{ table: { 'aria-label': label } }}
    >
      {selectable && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
      {columns.map((c) => (
        <Column key={c.header} header={c.header} field={c.sortKey} sortField={c.sortKey} sortable={Boolean(c.sortKey && ordering)} body={c.body} className={c.className ?? (c.numeric ? 'cl-num' : c.nowrap ? 'cl-nowrap' : undefined)} headerClassName={c.numeric ? 'cl-num' : undefined} />
      ))}
      <Column header="Acciones" className="cl-table__actions" body={(row: ListOf<R>) => <span className="cl-row-actions">{actions(row)}</span>} />
    </DataTable>
  );
}
