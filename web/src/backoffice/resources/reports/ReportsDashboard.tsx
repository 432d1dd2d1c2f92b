import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportFilter } from '@contracts';
import { useReportDashboard, useUnmetDemand } from '../../../api/reports';
import { formatClp, formatCount, shortExamName } from '../../../app/format';
import { PageHeader } from '../../crud/PageHeader';
import { ChartPanel, formatShare, fullDay, NumberTable, PeriodBar, ReportTabs, shortDay, TableScroller } from './shared';

const BLUE = '#1f5fae';
const TEAL = '#1a8a7a';
const ORANGE = '#c0621b';
const count = (n: number) => formatCount(n);

/** /app/reports: what people searched and visited in a period and region, charts with their numbers a click away. */
export default function ReportsDashboard() {
  const [filter, setFilter] = useState<ReportFilter>({ preset: '30d' });
  const ready = filter.preset !== 'custom' || Boolean(filter.from && filter.to);
  const board = useReportDashboard(ready ? filter : null);
  const unmet = useUnmetDemand(ready ? { ...filter, perPage: 10 } : null);
  const d = board.data;
  return (
    <>
      <PageHeader title="Reportes" />
      <ReportTabs current="dashboard" />
      <PeriodBar value={filter} onChange={setFilter} />
      {board.error && <p className="cl-error" role="alert">{board.error.message}</p>}
      {!d ? (
        <p className="cl-muted">{board.loading ? 'Cargando…' : ''}</p>
      ) : (
        <>
          <p className="cl-muted">Del {fullDay(d.period.from)} al {fullDay(d.period.to)}.</p>
          <div className="cl-report-kpis">
            <Kpi label="Búsquedas" value={count(d.totals.searches)} />
            <Kpi label="Sin resultados" value={formatShare(d.totals.noResult, d.totals.searches)} />
            <Kpi label="Incompletas" value={formatShare(d.totals.incomplete, d.totals.searches)} />
            <Kpi label="Visitas" value={count(d.totals.visits)} />
            <Kpi label="Sesiones" value={count(d.totals.sessions)} />
            <Kpi label="Tiempo medio de búsqueda" value={d.totals.avgTookMs === null ? '—' : `${count(d.totals.avgTookMs)} ms`} />
          </div>
          <div className="cl-report-grid">
            <ChartPanel
              title="Búsquedas por día"
              chart={
                <ResponsiveContainer>
                  <LineChart data={d.searchesPerDay.map((r) => ({ ...r, label: shortDay(r.day) }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" />
                    <YAxis allowDecimals={false} tickFormatter={count} />
                    <Tooltip formatter={(v) => count(Number(v))} />
                    <Legend />
                    <Line isAnimationActive={false} type="monotone" dataKey="searches" name="Búsquedas" stroke={BLUE} dot={false} />
                    <Line isAnimationActive={false} type="monotone" dataKey="noResult" name="Sin resultados" stroke={ORANGE} dot={false} />
                    <Line isAnimationActive={false} type="monotone" dataKey="incomplete" name="Incompletas" stroke={TEAL} dot={false} />
                  </LineChart>
                </ResponsiveContainer>
              }
              table={<NumberTable head={['Día', 'Búsquedas', 'Sin resultados', 'Incompletas']} rows={d.searchesPerDay.map((r) => [fullDay(r.day), r.searches, r.noResult, r.incomplete])} />}
            />
            <ChartPanel
              title="Visitas y sesiones por día"
              note="Las visitas son de todo el sitio: no dependen de la región."
              chart={
                <ResponsiveContainer>
                  <BarChart data={d.visitsPerDay.map((r) => ({ ...r, label: shortDay(r.day) }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" />
                    <YAxis allowDecimals={false} tickFormatter={count} />
                    <Tooltip formatter={(v) => count(Number(v))} />
                    <Legend />
                    <Bar isAnimationActive={false} dataKey="visits" name="Visitas" fill={BLUE} />
                    <Bar isAnimationActive={false} dataKey="sessions" name="Sesiones" fill={TEAL} />
                  </BarChart>
                </ResponsiveContainer>
              }
              table={<NumberTable head={['Día', 'Visitas', 'Sesiones', 'Personas conectadas']} rows={d.visitsPerDay.map((r) => [fullDay(r.day), r.visits, r.sessions, r.signedIn])} />}
            />
            <ChartPanel
              title="Exámenes más buscados"
              chart={<HorizontalBars data={d.topExams.map((e) => ({ name: shortExamName(e.name), value: e.searches }))} color={BLUE} label="Búsquedas" />}
              table={<NumberTable head={['Examen', 'Búsquedas', 'Sesiones']} rows={d.topExams.map((e) => [e.name, e.searches, e.sessions])} />}
            />
            <ChartPanel
              title="Comunas con más búsquedas"
              chart={<HorizontalBars data={d.topComunas.map((c) => ({ name: c.name, value: c.searches }))} color={TEAL} label="Búsquedas" />}
              table={<NumberTable head={['Comuna', 'Búsquedas']} rows={d.topComunas.map((c) => [c.name, c.searches])} />}
            />
            <ChartPanel
              title="Laboratorios más mostrados"
              chart={<HorizontalBars data={d.laboratoriesShown.map((l) => ({ name: l.name, value: l.impressions }))} color={BLUE} label="Apariciones" />}
              table={<NumberTable head={['Laboratorio', 'Apariciones', 'Posición media', 'Entre los 3 primeros', 'Aperturas']} rows={d.laboratoriesShown.map((l) => [l.name, l.impressions, l.avgPosition === null ? '—' : l.avgPosition.toLocaleString('es-CL'), l.top3, l.opens])} />}
            />
            <ChartPanel
              title="Laboratorios más abiertos"
              chart={<HorizontalBars data={d.laboratoriesOpened.map((l) => ({ name: l.name, value: l.opens }))} color={ORANGE} label="Aperturas" />}
              table={<NumberTable head={['Laboratorio', 'Aperturas', 'Apariciones']} rows={d.laboratoriesOpened.map((l) => [l.name, l.opens, l.impressions])} />}
            />
            <ChartPanel
              title="Embudo por sesión"
              note="Sesiones (por día) que buscaron, luego abrieron un laboratorio, luego agregaron al carro; y las órdenes pagadas en el período (el pago ocurre fuera de la sesión, en la página del banco)."
              chart={
                <HorizontalBars
                  data={[
                    { name: 'Sesiones', value: d.funnel.sessions },
                    { name: 'Buscaron', value: d.funnel.searched },
                    { name: 'Abrieron un laboratorio', value: d.funnel.openedLaboratory },
                    { name: 'Agregaron al carro', value: d.funnel.addedToCart },
                    { name: 'Pagaron una orden', value: d.funnel.paidOrders },
                  ]}
                  color={TEAL}
                  label="Sesiones"
                />
              }
              table={
                <NumberTable
                  head={['Paso', 'Sesiones', 'Del paso anterior']}
                  rows={[
                    ['Sesiones', d.funnel.sessions, '—'],
                    ['Buscaron', d.funnel.searched, formatShare(d.funnel.searched, d.funnel.sessions)],
                    ['Abrieron un laboratorio', d.funnel.openedLaboratory, formatShare(d.funnel.openedLaboratory, d.funnel.searched)],
                    ['Agregaron al carro', d.funnel.addedToCart, formatShare(d.funnel.addedToCart, d.funnel.openedLaboratory)],
                    ['Pagaron una orden (órdenes)', d.funnel.paidOrders, formatShare(d.funnel.paidOrders, d.funnel.addedToCart)],
                  ]}
                />
              }
            />
          </div>
          <section className="cl-report-panel cl-report-unmet" aria-label="Demanda no cubierta">
            <h2>Demanda no cubierta</h2>
            <p className="cl-muted cl-report-note">Exámenes buscados en una comuna que ningún laboratorio de ella o de sus vecinas ofrece, o solo a más del doble del valor FONASA.</p>
            <TableScroller label="Tabla de demanda no cubierta">
              <NumberTable
                head={['Comuna', 'Examen', 'Sesiones', 'Búsquedas', 'Motivo', 'Precio más bajo cerca', 'Valor FONASA']}
                rows={(unmet.data?.items ?? []).map((r) => [r.comuna, shortExamName(r.exam), r.sessions, r.searches, r.reason === 'NOT_OFFERED' ? 'Nadie lo ofrece' : 'Solo muy caro', r.lowestPrice === null ? '—' : formatClp(r.lowestPrice), r.fonasaPrice === null ? '—' : formatClp(r.fonasaPrice)])}
              />
            </TableScroller>
          </section>
        </>
      )}
    </>
  );
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className="cl-report-kpi">
      <span className="cl-muted">{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

function HorizontalBars({ data, color, label }: { data: { name: string; value: number }[]; color: string; label: string }) {
  if (data.length === 0) return <p className="cl-muted">Sin datos en este período.</p>;
  return (
    <ResponsiveContainer>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={count} />
        <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => count(Number(v))} />
        <Bar isAnimationActive={false} dataKey="value" name={label} fill={color} />
      </BarChart>
    </ResponsiveContainer>
  );
}
