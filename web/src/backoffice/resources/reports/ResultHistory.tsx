import { useState } from 'react';
import { Button } from 'primereact/button';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { POSITIONS_COUNTED, type ReportFilter } from '@contracts';
import { useLaboratoriesReport, useLaboratoryReport } from '../../../api/reports';
import { formatCount } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { PageHeader } from '../../crud/PageHeader';
import { ChartPanel, fullDay, NumberTable, PeriodBar, ReportTabs, TableScroller } from './shared';

/** A position as the report names it: the last bar counts every position past those counted one by one. */
const positionLabel = (position: number) => (position > POSITIONS_COUNTED ? `más de ${POSITIONS_COUNTED}` : `${position}°`);

/** /app/reports/resultHistory: how often each laboratory was shown, at which position, and how often opened. */
export default function ResultHistory() {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile.code) === 'ADM';
  const [filter, setFilter] = useState<ReportFilter>({ preset: '30d' });
  const [chosen, setChosen] = useState<number | null>(null);
  const ready = filter.preset !== 'custom' || Boolean(filter.from && filter.to);
  const labs = useLaboratoriesReport(ready ? filter : null);
  const detail = useLaboratoryReport(chosen, ready ? filter : null);
  return (
    <>
      <PageHeader title="Historial de resultados" />
      {isAdmin && <ReportTabs current="result" />}
      <PeriodBar value={filter} onChange={setFilter} />
      {labs.error && <p className="cl-error" role="alert">{labs.error.message}</p>}
      <TableScroller label="Laboratorios mostrados">
        <table className="cl-report-numbers">
          <thead>
            <tr>
              <th scope="col">Laboratorio</th><th scope="col">Comuna</th><th scope="col">Apariciones</th><th scope="col">Posición media</th><th scope="col">Entre los 3 primeros</th><th scope="col">Aperturas</th>
            </tr>
          </thead>
          <tbody>
            {(labs.data ?? []).length === 0 && <tr><td colSpan={6}>{labs.loading ? 'Cargando…' : 'Ningún laboratorio se mostró en este período.'}</td></tr>}
            {(labs.data ?? []).map((l) => (
              <tr key={l.laboratoryId} aria-selected={chosen === l.laboratoryId}>
                <td><Button link className="cl-report-link" label={l.name} onClick={() => setChosen(l.laboratoryId)} /></td>
                <td>{l.comuna ?? '—'}</td>
                <td className="is-number">{formatCount(l.impressions)}</td>
                <td className="is-number">{l.avgPosition === null ? '—' : l.avgPosition.toLocaleString('es-CL')}</td>
                <td className="is-number">{formatCount(l.top3)}</td>
                <td className="is-number">{formatCount(l.opens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {detail.data && (
        <div className="cl-report-grid" style={{ marginTop: '1rem' }}>
          <ChartPanel
            title={`${detail.data.laboratory.name}: posiciones en que apareció`}
            chart={
              <ResponsiveContainer>
                <BarChart data={detail.data.positions.map((p) => ({ ...p, label: positionLabel(p.position) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} tickFormatter={formatCount} />
                  <Tooltip formatter={(v) => formatCount(Number(v))} />
                  <Bar isAnimationActive={false} dataKey="count" name="Veces" fill="#1f5fae" />
                </BarChart>
              </ResponsiveContainer>
            }
            table={<NumberTable head={['Posición', 'Veces']} rows={detail.data.positions.map((p) => [positionLabel(p.position), p.count])} />}
          />
          <ChartPanel
            title="Apariciones y aperturas por día"
            chart={
              <ResponsiveContainer>
                <BarChart data={detail.data.perDay.map((d) => ({ ...d, label: fullDay(d.day).slice(0, 5) }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} tickFormatter={formatCount} />
                  <Tooltip formatter={(v) => formatCount(Number(v))} />
                  <Bar isAnimationActive={false} dataKey="impressions" name="Apariciones" fill="#1f5fae" />
                  <Bar isAnimationActive={false} dataKey="opens" name="Aperturas" fill="#c0621b" />
                </BarChart>
              </ResponsiveContainer>
            }
            table={<NumberTable head={['Día', 'Apariciones', 'Aperturas']} rows={detail.data.perDay.map((d) => [fullDay(d.day), d.impressions, d.opens])} />}
          />
        </div>
      )}
    </>
  );
}
