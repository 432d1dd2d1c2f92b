import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import type { ReportFilter, SearchHistoryFilter, SearchHistoryRow, SearchOutcome } from '@contracts';
import { asApiError } from '../../../api/client';
import { reportCalls, useSearchHistory, useSearchResults } from '../../../api/reports';
import { formatClp, formatCount, formatDateTime, shortExamName } from '../../../app/format';
import { PageHeader } from '../../crud/PageHeader';
import { NumberTable, PeriodBar, ReportTabs } from './shared';

export const OUTCOME_LABELS: Record<SearchOutcome, string> = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' };

/** /app/reports/searchHistory: every search, filtered, sorted and paged, with what it showed and a streamed export. */
export default function SearchHistory() {
  const [filter, setFilter] = useState<SearchHistoryFilter>({ preset: '7d', orderBy: 'createdAt', orderSort: 'desc', currentPage: 1, perPage: 20 });
  const [open, setOpen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = filter.preset !== 'custom' || Boolean(filter.from && filter.to);
  const page = useSearchHistory(ready ? filter : null);
  const change = (next: Partial<SearchHistoryFilter>) => setFilter({ ...filter, ...next, currentPage: next.currentPage ?? 1 });

  const download = (format: 'csv' | 'xlsx') => {
    const { currentPage: _p, perPage: _n, ...rest } = filter;
    setFailure(null);
    reportCalls.exportSearchHistory({ ...rest, format }).catch((e: unknown) => setFailure(asApiError(e).message));
  };

  return (
    <>
      <PageHeader title="Historial de búsquedas" />
      <ReportTabs current="search" />
      <PeriodBar value={filter} onChange={(next: ReportFilter & { comunaId?: number }) => change(next)} withComuna />
      <div className="cl-report-filters">
        <SelectBox value={filter.outcome ?? null} options={Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label }))} showClear placeholder="Cualquier resultado" aria-label="Resultado" onChange={(e) => change({ outcome: (e.value as SearchOutcome | null) ?? undefined })} />
        <InputText value={filter.session ?? ''} placeholder="Sesión" aria-label="Sesión" inputMode="numeric" onChange={(e) => change({ session: e.target.value.replace(/\D/g, '') || undefined })} />
      </div>
      <div className="cl-report-actions">
        <span className="cl-muted" aria-live="polite">{page.data ? `${formatCount(page.data.total)} ${page.data.total === 1 ? 'búsqueda' : 'búsquedas'}` : ''}</span>
        <Button label="Descargar CSV" icon="pi pi-download" outlined size="small" onClick={() => download('csv')} />
        <Button label="Descargar Excel" icon="pi pi-file-excel" outlined size="small" onClick={() => download('xlsx')} />
      </div>
      {(failure ?? page.error) && <p className="cl-error" role="alert">{failure ?? page.error?.message}</p>}
      <DataTable
        value={page.data?.items ?? []} dataKey="id" loading={page.loading} lazy paginator
        first={((filter.currentPage ?? 1) - 1) * (filter.perPage ?? 20)} rows={filter.perPage ?? 20} totalRecords={page.data?.total ?? 0}
        onPage={(e) => change({ currentPage: (e.page ?? 0) + 1, perPage: e.rows })}
        sortField={filter.orderBy} sortOrder={filter.orderSort === 'asc' ? 1 : -1}
        onSort={(e) => change({ orderBy: e.sortField as SearchHistoryFilter['orderBy'], orderSort: e.sortOrder === 1 ? 'asc' : 'desc' })}
        emptyMessage="No hay búsquedas con estos filtros." size="small" stripedRows responsiveLayout="stack" breakpoint="720px"
        expandedRows={open ? { [open]: true } : undefined} rowExpansionTemplate={(row: SearchHistoryRow) => <Shown id={row.id} />}
      >
        <Column header="Resultados mostrados" body={(r: SearchHistoryRow) => <Button text size="small" label={open === r.id ? 'Ocultar' : 'Qué mostró'} aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)} />} />
        <Column field="createdAt" header="Fecha" sortable bodyClassName="cl-nowrap" body={(r: SearchHistoryRow) => formatDateTime(r.createdAt)} />
        <Column header="Sesión" body={(r: SearchHistoryRow) => r.session ?? '—'} />
        <Column header="Persona" body={(r: SearchHistoryRow) => r.person ? `${r.person.fullName} (${r.person.email})` : '—'} />
        <Column header="Exámenes" body={(r: SearchHistoryRow) => r.exams.map((e) => shortExamName(e.name)).join(', ') || '—'} />
        <Column header="Comuna" body={(r: SearchHistoryRow) => (r.comuna ? `${r.comuna}${r.withNearLocations ? ' y vecinas' : ''}` : r.region ?? '—')} />
        <Column header="Previsión" body={(r: SearchHistoryRow) => (r.insurer ? `${r.insurer}${r.coveragePercentage !== null ? ` (${r.coveragePercentage} %)` : ''}` : '—')} />
        <Column field="resultCount" header="Resultados" sortable body={(r: SearchHistoryRow) => formatCount(r.resultCount)} />
        <Column header="Orden completa" body={(r: SearchHistoryRow) => OUTCOME_LABELS[r.outcome]} />
        <Column field="tookMs" header="Latencia" sortable body={(r: SearchHistoryRow) => `${formatCount(r.tookMs)} ms`} />
      </DataTable>
    </>
  );
}

/** What a search showed, in order. */
function Shown({ id }: { id: string }) {
  const view = useSearchResults(id);
  if (view.error) return <p className="cl-error" role="alert">{view.error.message}</p>;
  if (!view.data) return <p className="cl-muted">Cargando…</p>;
  return (
    <div className="cl-report-shown" aria-label={`Resultados de la búsqueda ${id}`}>
      <NumberTable
        head={['Posición', 'Laboratorio', 'Comuna', 'Total', 'Tú pagas', 'Ofrece todo']}
        rows={view.data.results.map((r) => [r.position, r.name, r.comuna ?? '—', r.total === null ? '—' : formatClp(r.total), r.copay === null ? '—' : formatClp(r.copay), r.offersAll === null ? '—' : r.offersAll ? 'Sí' : 'No'])}
      />
    </div>
  );
}
