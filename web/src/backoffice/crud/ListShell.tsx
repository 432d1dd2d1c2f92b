import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { SelectBox } from '../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { Link, useSearchParams } from 'react-router-dom';
import type { ImportKind } from '@contracts';
import { asApiError } from '../../api/client';
import { dataProvider, type FilterOf, type ListOf, type OrderOf, type ResourceName } from '../../api/dataProvider';
import { downloadFile, toCsv } from '../../shared/csv';
import { confirmAction } from '../../shared/ui/confirm';
import { useNotify, useResourceList } from './hooks';
import { PageHeader } from './PageHeader';

export interface FilterDef {
  /** The request field, and its name in the address bar. */
  name: string;
  label: string;
  type: 'text' | 'select';
  options?: { label: string; value: string }[];
  /** The address's text as the request wants it (a number for an id). */
  parse?: (raw: string) => unknown;
  /** Used when the address does not name the filter (and then left out of it). */
  defaultValue?: string;
}

export interface ColumnDef<T> {
  header: string;
  /** The API's `orderBy` value when the column can be sorted. */
  sortKey?: string;
  body: (row: T) => ReactNode;
  numeric?: boolean;
  /** Short values that must not break (codes such as 03-01-045). */
  nowrap?: boolean;
}

export interface BulkAction {
  label: string;
  icon: string;
  confirm: (count: number) => string;
  /** Resolves with how many could not be done; `reason` is what the person wrote when the action asks for one. */
  run: (ids: number[], reason?: string) => Promise<number>;
  /**
   * Takes every row matching the list's filters, beyond the page (issue 27: the authorization queue), as many as the
   * person was shown (`expectedCount`; the server refuses if they changed). Without it, only the selected rows.
   */
  runMatching?: (matching: Record<string, unknown>, expectedCount: number, reason?: string) => Promise<number>;
  done: (count: number) => string;
  /** Red (the default) for what takes something away; green for an approval. */
  severity?: 'danger' | 'success';
  /** Asks for a reason (5 to 500 characters) in the confirmation, e.g. a rejection's. */
  reason?: { label: string };
}

interface Noun {
  one: string;
  many: string;
}

const PER_PAGE_OPTIONS = [10, 25, 50, 100];
/** Exports page through the list at the API's largest page. */
const EXPORT_PAGE = 100;

/**
 * The list screen of a resource: filters, sort and page kept in the address (a reload or a shared
 * link shows the same list), the total, CSV export of the whole filtered list, and row selection
 * with bulk actions that ask first.
 */
export function ListShell<R extends ResourceName>({ resource, title, description, basePath, noun, filters = [], columns, csv, bulkActions = [], defaultSort, rowName, canCreate = true, createLabel, rowActions, fixedFilter, canEdit = true, importKind }: {
  resource: R;
  title: string;
  /** What the list manages, in a sentence, when its title alone does not say it. */
  description?: string;
  basePath: string;
  noun: Noun;
  filters?: FilterDef[];
  columns: ColumnDef<ListOf<R>>[];
  csv: { filename: string; columns: { header: string; value: (row: ListOf<R>) => string | number | null | undefined }[] };
  bulkActions?: BulkAction[];
  /**
   * The order of a list whose route declares ordering (`orderingFields`); its columns with a `sortKey` can then be
   * sorted. Without it, nothing about order is sent: the route orders the list, and refuses an `orderBy` it does not take.
   */
  defaultSort?: { orderBy: OrderOf<R>; orderSort: 'asc' | 'desc' };
  /** How a row is named to screen readers ("Ver Hemograma"). */
  rowName: (row: ListOf<R>) => string;
  canCreate?: boolean;
  createLabel?: string;
  /** More per-row controls beside view and edit. */
  rowActions?: (row: ListOf<R>) => ReactNode;
  /** Sent with every request and not shown (administrators: `profileCode: 'ADM'`). */
  fixedFilter?: Partial<FilterOf<R>>;
  /** False when the rows are not edited on a form of their own (a queue of decisions). */
  canEdit?: boolean;
  /** The rows can be loaded from a spreadsheet: an "Importar" link to /app/imports/new of that kind. */
  importKind?: ImportKind;
}) {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = PER_PAGE_OPTIONS.includes(Number(params.get('perPage'))) ? Number(params.get('perPage')) : 25;
  // An address may name a column the list cannot be ordered by (an old or edited link): the default order then.
  const sortable = (key: string | null) => key !== null && (key === defaultSort?.orderBy || columns.some((c) => c.sortKey === key));
  const ordering = defaultSort && {
    orderBy: sortable(params.get('orderBy')) ? params.get('orderBy')! : defaultSort.orderBy,
    orderSort: params.get('orderSort') === 'desc' || params.get('orderSort') === 'asc' ? (params.get('orderSort') as 'asc' | 'desc') : defaultSort.orderSort,
  };

  const filterValues = Object.fromEntries(
    filters.flatMap((f) => {
      const raw = params.get(f.name) ?? f.defaultValue;
      return raw ? [[f.name, f.parse ? f.parse(raw) : raw]] : [];
    }),
  );
  const query = { ...filterValues, ...fixedFilter, ...ordering, currentPage: page, perPage } as FilterOf<R>;
  const list = useResourceList(resource, query);
  const [selection, setSelection] = useState<ListOf<R>[]>([]);
  // Every row matching the filters, not only the page's (offered once the whole page is selected).
  const [allMatching, setAllMatching] = useState(false);
  const [exporting, setExporting] = useState(false);
  const queryText = JSON.stringify(query);
  useEffect(() => {
    setSelection([]);
    setAllMatching(false);
  }, [queryText]);
  const select = (rows: ListOf<R>[]) => {
    setSelection(rows);
    setAllMatching(false);
  };

  /** Changes the address; any change but paging goes back to page 1. */
  const change = (updates: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(updates)) {
      const fallback = filters.find((f) => f.name === key)?.defaultValue;
      if (value === null || value === '' || value === fallback) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in updates)) next.delete('page');
    setParams(next, { replace });
  };

  const onPage = (event: DataTableStateEvent) => change({ page: String((event.page ?? 0) + 1), perPage: String(event.rows) });
  const onSort = (event: DataTableStateEvent) =>
    change({ orderBy: String(event.sortField), orderSort: event.sortOrder === -1 ? 'desc' : 'asc' });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: ListOf<R>[] = [];
      for (let current = 1, last = 1; current <= last; current += 1) {
        const answer = await dataProvider.getList(resource, { ...query, currentPage: current, perPage: EXPORT_PAGE });
        rows.push(...answer.items);
        last = answer.lastPage;
      }
      downloadFile(csv.filename, toCsv(rows, csv.columns));
      notify({ severity: 'success', summary: `Exportamos ${rows.length.toLocaleString('es-CL')} ${rows.length === 1 ? noun.one : noun.many}.` });
    } catch (error) {
      notify({ severity: 'error', summary: asApiError(error).message });
    } finally {
      setExporting(false);
    }
  };

  const [asking, setAsking] = useState<BulkAction | null>(null);
  const chosen = allMatching ? list.total : selection.length;
  /** Runs the action on the selection (or every matching row) and says how it went. */
  const execute = async (action: BulkAction, reason?: string) => {
    const failed = allMatching
      ? await action.runMatching!({ ...filterValues, ...fixedFilter }, list.total, reason)
      : await action.run(selection.map((row) => (row as { id: number }).id), reason);
    select([]);
    if (failed > 0) notify({ severity: 'warn', summary: `${failed} de ${chosen} no se pudieron procesar.` });
    else notify({ severity: 'success', summary: action.done(chosen) });
  };
  const runBulk = (action: BulkAction) => {
    if (action.reason) return setAsking(action);
    confirmAction({
      header: `${action.label} ${chosen.toLocaleString('es-CL')} ${chosen === 1 ? noun.one : noun.many}`,
      message: action.confirm(chosen),
      acceptLabel: action.label,
      onAccept: () => execute(action),
    });
  };
  const canTakeAll = bulkActions.length > 0 && bulkActions.every((a) => a.runMatching) && selection.length === list.rows.length && list.total > selection.length;

  const sortColumn = ordering && columns.find((c) => c.sortKey === ordering.orderBy);
  const totalText = list.loaded ? `${list.total.toLocaleString('es-CL')} ${list.total === 1 ? noun.one : noun.many}` : 'Cargando…';
  const header = selection.length > 0 && (
    <div className="cl-bulk" role="region" aria-label="Acciones sobre la selección">
      <strong>{allMatching ? `Los ${chosen.toLocaleString('es-CL')} ${noun.many} que coinciden con el filtro` : `${chosen} ${chosen === 1 ? 'seleccionado' : 'seleccionados'}`}</strong>
      {canTakeAll && !allMatching && (
        <Button label={`Seleccionar los ${list.total.toLocaleString('es-CL')} ${noun.many} que coinciden con el filtro`} size="small" text onClick={() => setAllMatching(true)} />
      )}
      {bulkActions.map((action) => (
        <Button key={action.label} label={action.label} icon={action.icon} severity={action.severity ?? 'danger'} size="small" outlined onClick={() => runBulk(action)} />
      ))}
      <Button label="Quitar selección" size="small" text onClick={() => select([])} />
    </div>
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button label="Exportar CSV" icon="pi pi-download" outlined onClick={() => void exportCsv()} loading={exporting} disabled={!list.loaded || list.total === 0} />
            {importKind && (
              <Link to={`/app/imports/new?kind=${importKind}`} className="p-button p-button-outlined cl-link-btn">
                <i className="pi pi-upload" aria-hidden="true" /> Importar
              </Link>
            )}
            {canCreate && (
              <Link to={`${basePath}/new`} className="p-button cl-link-btn">
                <i className="pi pi-plus" aria-hidden="true" /> {createLabel ?? 'Nuevo'}
              </Link>
            )}
          </>
        }
      >
        {description && <p className="cl-page-head__description">{description}</p>}
        <p className="cl-muted cl-page-head__count" aria-live="polite">{totalText}</p>
      </PageHeader>

      {filters.length > 0 && (
        <form className="cl-filters" role="search" aria-label={`Filtrar ${noun.many}`} onSubmit={(e) => e.preventDefault()}>
          {filters.map((f) => (
            <FilterInput key={f.name} def={f} value={params.get(f.name) ?? f.defaultValue ?? ''} onChange={(value, replace) => change({ [f.name]: value }, replace)} />
          ))}
          {filters.some((f) => params.has(f.name)) && <Button type="button" label="Limpiar filtros" icon="pi pi-filter-slash" text onClick={() => change(Object.fromEntries(filters.map((f) => [f.name, null])))} />}
        </form>
      )}

      {list.error && <Message severity="error" text={list.error} className="cl-block" />}

      <DataTable
        value={list.rows}
        dataKey="id"
        lazy
        loading={list.loading}
        header={header || undefined}
        paginator
        first={(page - 1) * perPage}
        rows={perPage}
        totalRecords={list.total}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPage={onPage}
        paginatorTemplate={{
          layout: 'PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown',
          // PrimeReact's own names this dropdown "Jump to Page Dropdown", from a copy of its English locale bundled in
          // the paginator that locale('es') does not reach: the same dropdown, named in Spanish.
          RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => (
            <Dropdown value={options.value} options={options.options} onChange={options.onChange} appendTo={options.appendTo} aria-label="Filas por página" />
          ),
        }}
        currentPageReportTemplate="{first}–{last} de {totalRecords}"
        sortField={sortColumn ? ordering.orderBy : undefined}
        sortOrder={ordering?.orderSort === 'desc' ? -1 : 1}
        onSort={onSort}
        selectionMode={bulkActions.length > 0 ? 'checkbox' : null}
        // "Seleccionar Hemograma" rather than an id: PrimeReact resolves a function here too (resolveFieldData).
        selectionAriaLabel={rowName as unknown as string}
        selection={selection}
        onSelectionChange={(e: { value: unknown }) => select(e.value as ListOf<R>[])}
        responsiveLayout="stack"
        breakpoint="960px"
        emptyMessage={`No hay ${noun.many} con estos filtros.`}
        className="cl-table"
        // Named on the <table> itself (the component's own aria-label lands on its wrapper).
        pt={{ table: { 'aria-label': title } }}
      >
        {bulkActions.length > 0 && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
        {columns.map((c) => (
          <Column key={c.header} header={c.header} field={c.sortKey} sortField={c.sortKey} sortable={Boolean(c.sortKey && ordering)} body={c.body} className={c.numeric ? 'cl-num' : c.nowrap ? 'cl-nowrap' : undefined} headerClassName={c.numeric ? 'cl-num' : undefined} />
        ))}
        <Column
          header="Acciones"
          className="cl-table__actions"
          body={(row: ListOf<R>) => (
            <span className="cl-row-actions">
              {rowActions?.(row)}
              <Link to={`${basePath}/view/${(row as { id: number }).id}`} className="p-button p-button-text p-button-rounded p-button-icon-only" aria-label={`Ver ${rowName(row)}`} title="Ver">
                <i className="pi pi-eye" aria-hidden="true" />
              </Link>
              {canEdit && (
                <Link to={`${basePath}/edit/${(row as { id: number }).id}`} className="p-button p-button-text p-button-rounded p-button-icon-only" aria-label={`Editar ${rowName(row)}`} title="Editar">
                  <i className="pi pi-pencil" aria-hidden="true" />
                </Link>
              )}
            </span>
          )}
        />
      </DataTable>
      {asking && (
        <ReasonDialog
          action={asking}
          count={chosen}
          noun={noun}
          onCancel={() => setAsking(null)}
          onAccept={async (reason) => {
            await execute(asking, reason);
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

/** The confirmation of a bulk action that needs a reason: the reason is written here and sent with it. */
function ReasonDialog({ action, count, noun, onCancel, onAccept }: { action: BulkAction; count: number; noun: Noun; onCancel: () => void; onAccept: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    const text = reason.trim();
    if (text.length < 5) return setError('Escribe un motivo de al menos 5 caracteres.');
    if (text.length > 500) return setError('Máximo 500 caracteres.');
    setBusy(true);
    try {
      await onAccept(text);
    } catch (failure) {
      setError(asApiError(failure).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={`${action.label} ${count.toLocaleString('es-CL')} ${count === 1 ? noun.one : noun.many}`}
      visible
      onHide={onCancel}
      className="cl-reason-dialog"
      style={{ width: 'min(32rem, 94vw)' }}
      footer={
        <>
          <Button label="Cancelar" text onClick={onCancel} disabled={busy} />
          <Button label={action.label} icon={action.icon} severity={action.severity ?? 'danger'} onClick={() => void accept()} loading={busy} />
        </>
      }
    >
      <p>{action.confirm(count)}</p>
      <span className="cl-field">
        <label htmlFor="bulk-reason">{action.reason!.label}</label>
        <InputTextarea id="bulk-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} rows={3} autoResize maxLength={500} aria-invalid={Boolean(error)} aria-describedby={error ? 'bulk-reason-error' : undefined} autoFocus />
        {error && <small id="bulk-reason-error" className="p-error" role="alert">{error}</small>}
      </span>
    </Dialog>
  );
}

/** A text filter writes the address 300 ms after the last key (one request, not one per letter). */
function FilterInput({ def, value, onChange }: { def: FilterDef; value: string; onChange: (value: string | null, replace: boolean) => void }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  useEffect(() => {
    if (def.type !== 'text' || typed === value) return;
    const timer = setTimeout(() => onChange(typed.trim() || null, true), 300);
    return () => clearTimeout(timer);
    // Only typing restarts the wait; `value` and `onChange` change with every address change.
  }, [typed]);
  const id = `filter-${def.name}`;
  return (
    <span className="cl-field cl-filters__field">
      <label htmlFor={id}>{def.label}</label>
      {def.type === 'text' ? (
        <InputText id={id} value={typed} onChange={(e) => setTyped(e.target.value)} type="search" />
      ) : (
        <SelectBox inputId={id} value={value || null} options={def.options} onChange={(e) => onChange(e.value ?? null, false)} showClear={!def.defaultValue} placeholder="Todos" />
      )}
    </span>
  );
}
