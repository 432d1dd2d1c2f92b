import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { SelectButton } from 'primereact/selectbutton';
import { Link } from 'react-router-dom';
import type { ReportFilter, ReportPreset } from '@contracts';
import { useComunas, useRegions } from '../../../api/lookups';
import './reports.css';

export const PRESETS: { label: string; value: ReportPreset }[] = [
  { label: 'Hoy', value: 'today' },
  { label: '7 días', value: '7d' },
  { label: '30 días', value: '30d' },
  { label: 'Otro', value: 'custom' },
];


const dayLabel = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
/** "24-11" for a `YYYY-MM-DD` day (a calendar day: no time zone shift). */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
const longDay = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
export const fullDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

const percent = new Intl.NumberFormat('es-CL', { style: 'percent', maximumFractionDigits: 1 });
export const formatShare = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');

/** Period (presets or two dates) and, when asked, region and comuna: the filter bar of every report. */
export function PeriodBar({ value, onChange, withComuna = false }: { value: ReportFilter & { comunaId?: number }; onChange: (next: ReportFilter & { comunaId?: number }) => void; withComuna?: boolean }) {
  const regions = useRegions();
  const comunas = useComunas(value.regionId);
  return (
    <div className="cl-report-filters" role="group" aria-label="Filtros del reporte">
      <SelectButton value={value.preset} options={PRESETS} onChange={(e) => e.value && onChange({ ...value, preset: e.value as ReportPreset })} aria-label="Período" allowEmpty={false} />
      {value.preset === 'custom' && (
        <span className="cl-report-dates">
          <label>
            Desde <input type="date" value={value.from ?? ''} onChange={(e) => onChange({ ...value, from: e.target.value })} />
          </label>
          <label>
            Hasta <input type="date" value={value.to ?? ''} onChange={(e) => onChange({ ...value, to: e.target.value })} />
          </label>
        </span>
      )}
      <SelectBox
        inputId="report-region" value={value.regionId ?? null} options={regions.data ?? []} optionLabel="name" optionValue="id" showClear placeholder="Todas las regiones"
        onChange={(e) => onChange({ ...value, regionId: (e.value as number | null) ?? undefined, comunaId: undefined })} aria-label="Región"
      />
      {withComuna && (
        <SelectBox
          inputId="report-comuna" value={value.comunaId ?? null} options={comunas.data ?? []} optionLabel="name" optionValue="id" showClear filter
          placeholder={value.regionId ? 'Todas las comunas' : 'Elige una región para la comuna'} disabled={!value.regionId}
          onChange={(e) => onChange({ ...value, comunaId: (e.value as number | null) ?? undefined })} aria-label="Comuna"
        />
      )}
    </div>
  );
}

/** A table that may be wider than the screen: it scrolls inside, and the keyboard can reach it to scroll. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cl-report-table" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A panel with a chart and, a click away, the same numbers as a table. */
export function ChartPanel({ title, chart, table, note }: { title: string; chart: ReactNode; table: ReactNode; note?: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="cl-report-panel" aria-label={title}>
      <header className="cl-report-panel__head">
        <h2>{title}</h2>
        <Button text size="small" icon={asTable ? 'pi pi-chart-bar' : 'pi pi-table'} label={asTable ? 'Ver gráfico' : 'Ver tabla'} onClick={() => setAsTable(!asTable)} aria-pressed={asTable} />
      </header>
      {note && <p className="cl-muted cl-report-note">{note}</p>}
      {asTable ? <TableScroller label={title}>{table}</TableScroller> : <div className="cl-report-chart">{chart}</div>}
    </section>
  );
}

/** A plain table of numbers (headers and rows), numbers aligned right. */
export function NumberTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="cl-report-numbers">
      <thead>
        <tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr><td colSpan={head.length}>Sin datos en este período.</td></tr>
        ) : (
          rows.map((row, i) => <tr key={i}>{row.map((cell, j) => <td key={j} className={typeof cell === 'number' ? 'is-number' : undefined}>{typeof cell === 'number' ? cell.toLocaleString('es-CL') : cell}</td>)}</tr>)
        )}
      </tbody>
    </table>
  );
}

/** Links between the three report screens. */
export function ReportTabs({ current }: { current: 'dashboard' | 'search' | 'result' }) {
  const tabs = [
    { key: 'dashboard', to: '/app/reports', label: 'Tablero' },
    { key: 'search', to: '/app/reports/searchHistory', label: 'Historial de búsquedas' },
    { key: 'result', to: '/app/reports/resultHistory', label: 'Historial de resultados' },
  ];
  return (
    <nav className="cl-report-tabs" aria-label="Reportes">
      {tabs.map((t) => (t.key === current ? <span key={t.key} aria-current="page">{t.label}</span> : <Link key={t.key} to={t.to}>{t.label}</Link>))}
    </nav>
  );
}
