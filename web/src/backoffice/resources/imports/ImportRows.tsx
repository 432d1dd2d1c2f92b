import { useEffect, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { Message } from 'primereact/message';
import type { ImportPreviewRow, ImportRowStatus, Page } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { formatClp, formatCount } from '../../../app/format';
import { FLAG_LABELS, ROW_STATUS_LABELS } from './schema';

/** Which rows to list: every one, one status, the prices the review flagged, or those that move more than 50 %. */
export type RowsShown = ImportRowStatus | 'FLAGGED' | 'LARGE_CHANGE' | 'ALL';

const SHOW_OPTIONS: { label: string; value: RowsShown }[] = [
  { label: 'Todas las filas', value: 'ALL' },
  { label: 'Con alertas de precio', value: 'FLAGGED' },
  { label: 'Con errores', value: 'ERROR' },
  { label: 'Nuevas', value: 'CREATE' },
  { label: 'Actualizan', value: 'UPDATE' },
  { label: 'Sin cambios', value: 'UNCHANGED' },
  { label: 'Cambio de precio > 50 %', value: 'LARGE_CHANGE' },
];

/** The rows the person leaves out before confirming (issue 27), while the import waits for the confirmation. */
export interface RowExclusions {
  rows: ReadonlySet<number>;
  /** The rows of the page shown, and which of them are now left out. */
  choose: (shown: number[], chosen: number[]) => void;
}

/** Only a row that would create or change a price can be left out. */
const excludable = (row: ImportPreviewRow) => row.status === 'CREATE' || row.status === 'UPDATE';
/** "Excluir fila 6": each checkbox says which row it leaves out (PrimeReact resolves a function here too). */
const excludeLabel = (row: ImportPreviewRow) => `Excluir fila ${formatCount(row.row)}`;

/**
 * Every row of an import as the dry run read it: what it will do (or did), the price it sets beside the current one,
 * what it was checked against (FONASA's arancel, the region's median) and why it is flagged, and each error beside
 * the column and value that caused it. Before the confirmation, a row that sets a price can be left out. Paged from
 * the server: a file may have 200.000 rows.
 */
export function ImportRows({ importId, version, initialShow = 'ALL', exclusions }: { importId: number; version: string; initialShow?: RowsShown; exclusions?: RowExclusions }) {
  const [show, setShow] = useState<RowsShown>(initialShow);
  const [paging, setPaging] = useState({ first: 0, rows: 25 });
  const [page, setPage] = useState<Page<ImportPreviewRow> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const filter = show === 'LARGE_CHANGE' ? { largePriceChange: true } : show === 'FLAGGED' ? { flagged: true } : show === 'ALL' ? {} : { status: show };
    dataProvider.importRows(importId, { ...filter, currentPage: paging.first / paging.rows + 1, perPage: paging.rows }).then(
      (found) => {
        if (!current) return;
        setPage(found);
        setError(null);
        setLoading(false);
      },
      (failure) => {
        if (!current) return;
        setError(asApiError(failure).message);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // `version` changes when the import moves on (a row's status is final once it ran).
  }, [importId, show, paging, version]);

  return (
    <section className="cl-import-rows" aria-labelledby="import-rows-title">
      <div className="cl-import-rows__bar">
        <h2 id="import-rows-title" className="cl-section-title">Filas del archivo</h2>
        <span className="cl-field cl-import-rows__filter">
          <label htmlFor="import-rows-show">Mostrar</label>
          <SelectBox inputId="import-rows-show" value={show} options={SHOW_OPTIONS} onChange={(e) => { setShow(e.value as RowsShown); setPaging((p) => ({ ...p, first: 0 })); }} />
        </span>
      </div>
      {error && <Message severity="error" className="cl-block" text={error} />}
      <DataTable
        value={page?.items ?? []}
        dataKey="row"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        rowsPerPageOptions={[25, 50, 100]}
        totalRecords={page?.total ?? 0}
        onPage={(e: DataTableStateEvent) => setPaging({ first: e.first, rows: e.rows })}
        loading={loading}
        className="cl-table cl-import-rows__table"
        emptyMessage={show === 'ALL' ? 'El archivo no tiene filas.' : 'Ninguna fila de este tipo.'}
        responsiveLayout="stack"
        breakpoint="960px"
        currentPageReportTemplate="{first}–{last} de {totalRecords}"
        paginatorTemplate="PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown"
        // Named on the <table> itself (the component's own aria-label lands on its wrapper).
        pt={{ table: { 'aria-label': 'Filas del archivo' } }}
        // Before the confirmation, a row's checkbox leaves it out of the import.
        selectionMode={exclusions ? 'checkbox' : null}
        selectionAriaLabel={excludeLabel as unknown as string}
        isDataSelectable={(e) => excludable(e.data as ImportPreviewRow)}
        selection={exclusions ? (page?.items ?? []).filter((row) => exclusions.rows.has(row.row)) : []}
        onSelectionChange={(e: { value: unknown }) => exclusions?.choose((page?.items ?? []).map((row) => row.row), (e.value as ImportPreviewRow[]).map((row) => row.row))}
      >
        {exclusions && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
        <Column header="Fila" body={(row: ImportPreviewRow) => formatCount(row.row)} className="cl-num cl-nowrap" />
        <Column header="Estado" body={(row: ImportPreviewRow) => <span className={`cl-tag cl-tag--${ROW_STATUS_LABELS[row.status].tone}`}>{ROW_STATUS_LABELS[row.status].label}</span>} />
        <Column header="Fila leída" body={(row: ImportPreviewRow) => row.label} />
        <Column header="Precio" body={PriceChange} className="cl-num" />
        <Column header="Referencias" body={References} />
        <Column header="Alertas y errores" body={RowErrors} />
      </DataTable>
    </section>
  );
}

/** The price the row sets, beside the branch's current one ("nuevo" when it has none). */
function PriceChange(row: ImportPreviewRow) {
  if (!row.price) return null;
  const { previous, next } = row.price;
  return (
    <span className="cl-import-price">
      {previous === null ? <span className="cl-muted">nuevo: </span> : previous !== next && <span className="cl-muted">{formatClp(previous)} → </span>}
      <strong>{formatClp(next)}</strong>
      {row.excluded && <span className="cl-tag cl-tag--muted">Excluida</span>}
    </span>
  );
}

/** What a price row was checked against: FONASA's arancel and the median of the region's prices. */
function References(row: ImportPreviewRow) {
  if (!row.review) return null;
  const { fonasaArancel, regionMedian } = row.review;
  return (
    <span className="cl-import-refs">
      <span>Arancel FONASA: {fonasaArancel === null ? 'sin valor' : formatClp(fonasaArancel)}</span>
      <span>Mediana de la región: {regionMedian === null ? 'sin precios' : formatClp(regionMedian)}</span>
    </span>
  );
}

/** Why the review flags a price (to look at before confirming), then the row's errors beside their column and value. */
function RowErrors(row: ImportPreviewRow) {
  const flags = row.review?.flags ?? [];
  if (row.errors.length === 0 && flags.length === 0) return null;
  return (
    <>
      {flags.length > 0 && (
        <ul className="cl-import-flags" data-testid="row-flags">
          {flags.map((flag) => (
            <li key={flag}>
              <span className="cl-tag cl-tag--warn">{FLAG_LABELS[flag].label}</span> <span className="cl-muted">{FLAG_LABELS[flag].hint}</span>
            </li>
          ))}
        </ul>
      )}
      {row.errors.length > 0 && (
        <ul className="cl-import-errors">
          {row.errors.map((e) => (
            <li key={`${e.column}-${e.code}`}>
              {e.column && <strong>{e.column}: </strong>}
              {e.message}
              {e.value !== null && <span className="cl-muted"> (recibido «{e.value}»)</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
