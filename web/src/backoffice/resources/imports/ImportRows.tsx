import { useEffect, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { Message } from 'primereact/message';
import type { ImportPreviewRow, ImportRowStatus, Page } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { formatClp, formatCount } from '../../../app/format';
import { ROW_STATUS_LABELS } from './schema';

/** Which rows to list: every one, one status, or the prices that move more than 50 %. */
type Show = ImportRowStatus | 'LARGE_CHANGE' | 'ALL';

const SHOW_OPTIONS: { label: string; value: Show }[] = [
  { label: 'Todas las filas', value: 'ALL' },
  { label: 'Con errores', value: 'ERROR' },
  { label: 'Nuevas', value: 'CREATE' },
  { label: 'Actualizan', value: 'UPDATE' },
  { label: 'Sin cambios', value: 'UNCHANGED' },
  { label: 'Cambio de precio > 50 %', value: 'LARGE_CHANGE' },
];

/**
 * Every row of an import as the dry run read it: what it will do (or did), its price change, and
 * each error beside the column and value that caused it. Paged from the server: a file may have
 * 200.000 rows.
 */
export function ImportRows({ importId, version }: { importId: number; version: string }) {
  const [show, setShow] = useState<Show>('ALL');
  const [paging, setPaging] = useState({ first: 0, rows: 25 });
  const [page, setPage] = useState<Page<ImportPreviewRow> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const filter = show === 'LARGE_CHANGE' ? { largePriceChange: true } : show === 'ALL' ? {} : { status: show };
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
          <SelectBox inputId="import-rows-show" value={show} options={SHOW_OPTIONS} onChange={(e) => { setShow(e.value as Show); setPaging((p) => ({ ...p, first: 0 })); }} />
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
      >
        <Column header="Fila" body={(row: ImportPreviewRow) => formatCount(row.row)} className="cl-num cl-nowrap" />
        <Column header="Estado" body={(row: ImportPreviewRow) => <span className={`cl-tag cl-tag--${ROW_STATUS_LABELS[row.status].tone}`}>{ROW_STATUS_LABELS[row.status].label}</span>} />
        <Column header="Fila leída" body={(row: ImportPreviewRow) => row.label} />
        <Column header="Precio" body={PriceChange} className="cl-num" />
        <Column header="Errores" body={RowErrors} />
      </DataTable>
    </section>
  );
}

function PriceChange(row: ImportPreviewRow) {
  if (!row.price) return null;
  return (
    <span className="cl-import-price">
      <span className="cl-muted">{formatClp(row.price.previous)} → </span>
      <strong>{formatClp(row.price.next)}</strong>
      {row.largePriceChange && <span className="cl-tag cl-tag--warn">Cambio &gt; 50 %</span>}
    </span>
  );
}

function RowErrors(row: ImportPreviewRow) {
  if (row.errors.length === 0) return null;
  return (
    <ul className="cl-import-errors">
      {row.errors.map((e) => (
        <li key={`${e.column}-${e.code}`}>
          {e.column && <strong>{e.column}: </strong>}
          {e.message}
          {e.value !== null && <span className="cl-muted"> (recibido «{e.value}»)</span>}
        </li>
      ))}
    </ul>
  );
}
