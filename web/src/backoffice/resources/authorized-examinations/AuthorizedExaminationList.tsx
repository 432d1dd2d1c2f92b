import { useEffect, useMemo, useState } from 'react';
import type { Company, OwnLaboratory } from '@contracts';
import { asApiError } from '../../../api/client';
import { backofficeReports, dataProvider } from '../../../api/dataProvider';
import { formatClp, shortExamName } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { ListShell, type FilterDef } from '../../crud/ListShell';
import { resourceStore } from '../../crud/resourceSlice';
import { useNotify } from '../../crud/hooks';
import { PriceRatio } from './PriceRatio';
import { fonasaRatio, STATUS_TAG, STATUS_TEXT } from './ratio';

const STATUSES = [
  { label: 'Por autorizar', value: 'PENDING' },
  { label: 'Autorizados', value: 'AUTHORIZED' },
  { label: 'Rechazados', value: 'REJECTED' },
];
const DEVIATIONS = [
  { label: '3 veces o más del arancel FONASA', value: 'far' },
  { label: '10 veces o más del arancel FONASA', value: 'extreme' },
];
const when = new Intl.DateTimeFormat('es-CL', { dateStyle: 'short', timeZone: 'America/Santiago' });
const whenLong = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Santiago' });

/**
 * /app/authorized-examinations: the laboratories' prices waiting for a decision. An administrator
 * authorizes or rejects (with a reason) the selected ones at once; a provider sees its own, read-only.
 */
export default function AuthorizedExaminationList() {
  const profile = useAppSelector((state) => state.auth.person?.profile.code);
  const isAdmin = profile === 'ADM';
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [companies, setCompanies] = useState<Company[]>([]);
  const [laboratories, setLaboratories] = useState<OwnLaboratory[]>([]);

  useEffect(() => {
    let current = true;
    if (isAdmin) dataProvider.companyOptions().then((page) => current && setCompanies(page.items), () => undefined);
    dataProvider.getList('laboratories', { perPage: 100 }).then((page) => current && setLaboratories(page.items), () => undefined);
    return () => {
      current = false;
    };
  }, [isAdmin]);

  const comunas = useMemo(() => {
    const byId = new Map(laboratories.map((lab) => [lab.comuna.id, lab.comuna.name]));
    return [...byId].sort((a, b) => a[1].localeCompare(b[1], 'es')).map(([id, name]) => ({ label: name, value: String(id) }));
  }, [laboratories]);

  const filters: FilterDef[] = [
    { name: 'status', label: 'Estado', type: 'select', options: STATUSES, defaultValue: 'PENDING' },
    ...(isAdmin ? [{ name: 'companyId', label: 'Empresa', type: 'select' as const, options: companies.map((c) => ({ label: c.tradeName, value: String(c.id) })), parse: Number }] : []),
    { name: 'laboratoryId', label: 'Laboratorio', type: 'select', options: laboratories.map((l) => ({ label: l.identifierName, value: String(l.id) })), parse: Number },
    { name: 'term', label: 'Examen (nombre o código)', type: 'text' },
    { name: 'comunaId', label: 'Comuna', type: 'select', options: comunas, parse: Number },
    { name: 'deviation', label: 'Lejanía del arancel FONASA', type: 'select', options: DEVIATIONS },
  ];

  /** The selected prices, or every one matching the filter (as many as the list showed); the list is read again after. */
  const decide = async (target: { ids: number[] } | { matching: Record<string, unknown>; expectedCount: number }, decision: { status: 'AUTHORIZED' } | { status: 'REJECTED'; reason: string }) => {
    try {
      await backofficeReports.decidePrices(target, decision);
      return 0;
    } catch (error) {
      notify({ severity: 'error', summary: asApiError(error).message });
      return 'ids' in target ? target.ids.length : target.expectedCount;
    } finally {
      const store = resourceStore('authorized-examinations');
      dispatch('ids' in target ? store.actions.recordsRemoved(target.ids) : store.actions.listStale());
    }
  };

  return (
    <ListShell
      resource="authorized-examinations"
      title={isAdmin ? 'Precios por autorizar' : 'Autorización de mis precios'}
      basePath="/app/authorized-examinations"
      noun={{ one: 'precio', many: 'precios' }}
      canCreate={false}
      canEdit={false}
      defaultSort={{ orderBy: 'updatedAt', orderSort: 'asc' }}
      rowName={(row) => `${shortExamName(row.exam.name)} en ${row.laboratory.identifierName}`}
      filters={filters}
      columns={[
        { header: 'Examen', sortKey: 'exam', body: (row) => <><span className="cl-nowrap cl-muted">{row.exam.code}</span> {shortExamName(row.exam.name)}</> },
        { header: 'Laboratorio', sortKey: 'laboratory', body: (row) => <>{row.laboratory.identifierName}<br /><span className="cl-muted">{row.laboratory.comuna.name}</span></> },
        { header: 'Precio', sortKey: 'price', numeric: true, body: (row) => formatClp(row.price) },
        { header: 'Frente a FONASA', body: (row) => <>{row.exam.fonasaPriceLevel1 ? <span className="cl-nowrap">{formatClp(row.exam.fonasaPriceLevel1)}</span> : null}<br /><PriceRatio item={row} /></> },
        { header: 'Estado', body: (row) => <><span className={`cl-tag ${STATUS_TAG[row.status]}`}>{STATUS_TEXT[row.status]}</span>{row.rejectionReason && <><br /><span className="cl-muted">{row.rejectionReason}</span></>}</> },
        { header: 'Último cambio', sortKey: 'updatedAt', nowrap: true, body: (row) => <time dateTime={row.updatedAt} title={whenLong.format(new Date(row.updatedAt))}>{when.format(new Date(row.updatedAt))}</time> },
      ]}
      csv={{
        filename: 'precios-por-autorizar.csv',
        columns: [
          { header: 'Código FONASA', value: (row) => row.exam.code },
          { header: 'Examen', value: (row) => row.exam.name },
          { header: 'Empresa', value: (row) => row.laboratory.company.tradeName },
          { header: 'Laboratorio', value: (row) => row.laboratory.identifierName },
          { header: 'Comuna', value: (row) => row.laboratory.comuna.name },
          { header: 'Precio', value: (row) => row.price },
          { header: 'Arancel FONASA nivel 1', value: (row) => row.exam.fonasaPriceLevel1 },
          { header: 'Veces el arancel', value: (row) => { const ratio = fonasaRatio(row); return ratio === null ? null : ratio.toFixed(2).replace('.', ','); } },
          { header: 'Estado', value: (row) => STATUS_TEXT[row.status] },
          { header: 'Motivo del rechazo', value: (row) => row.rejectionReason },
          { header: 'Último cambio', value: (row) => row.updatedAt },
        ],
      }}
      bulkActions={
        isAdmin
          ? [
              {
                label: 'Autorizar',
                icon: 'pi pi-check',
                severity: 'success',
                confirm: (count) => `${count === 1 ? 'El precio se cotizará' : `Los ${count} precios se cotizarán`} en el buscador desde ahora.`,
                run: (ids) => decide({ ids }, { status: 'AUTHORIZED' }),
                runMatching: (matching, expectedCount) => decide({ matching, expectedCount }, { status: 'AUTHORIZED' }),
                done: (count) => (count === 1 ? 'Autorizamos el precio.' : `Autorizamos ${count} precios.`),
              },
              {
                label: 'Rechazar',
                icon: 'pi pi-times',
                reason: { label: 'Motivo del rechazo (lo verá el laboratorio)' },
                confirm: (count) => `${count === 1 ? 'El precio no se cotizará' : `Los ${count} precios no se cotizarán`}; el laboratorio verá el motivo y podrá corregirlo.`,
                run: (ids, reason) => decide({ ids }, { status: 'REJECTED', reason: reason ?? '' }),
                runMatching: (matching, expectedCount, reason) => decide({ matching, expectedCount }, { status: 'REJECTED', reason: reason ?? '' }),
                done: (count) => (count === 1 ? 'Rechazamos el precio.' : `Rechazamos ${count} precios.`),
              },
            ]
          : []
      }
    />
  );
}
