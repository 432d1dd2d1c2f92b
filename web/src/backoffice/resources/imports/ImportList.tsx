import type { ImportJob } from '@contracts';
import { formatDateTime } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { useCompanies } from '../../crud/hooks';
import { ListShell, type FilterDef } from '../../crud/ListShell';
import { BASE, KIND_LABELS, kindsFor, outcome, STATUS_LABELS } from './schema';

/** /app/imports: who imported what and when, with its result; a provider sees its company's. */
export default function ImportList() {
  const profile = useAppSelector((state) => state.auth.person?.profile.code);
  const isAdmin = profile === 'ADM';
  const companies = useCompanies(isAdmin);
  const filters: FilterDef[] = [
    { name: 'kind', label: 'Tipo', type: 'select', options: kindsFor(profile).map((k) => ({ label: KIND_LABELS[k], value: k })) },
    { name: 'status', label: 'Estado', type: 'select', options: Object.entries(STATUS_LABELS).map(([value, s]) => ({ label: s.label, value })) },
  ];
  if (isAdmin) filters.push({ name: 'companyId', label: 'Empresa', type: 'select', options: (companies ?? []).map((c) => ({ label: c.tradeName, value: String(c.id) })), parse: Number });
  const status = (job: ImportJob) => <span className={`cl-tag cl-tag--${STATUS_LABELS[job.status].tone}`}>{STATUS_LABELS[job.status].label}</span>;
  return (
    <ListShell
      resource="imports"
      title="Importaciones"
      basePath={BASE}
      noun={{ one: 'importación', many: 'importaciones' }}
      createLabel="Nueva importación"
      canEdit={false}
      rowName={(job) => `${KIND_LABELS[job.kind]} ${job.fileName}`}
      filters={filters}
      columns={[
        { header: 'Fecha', nowrap: true, body: (job) => formatDateTime(job.createdAt) },
        { header: 'Tipo', body: (job) => KIND_LABELS[job.kind] },
        { header: 'Archivo', body: (job) => <span className="cl-break">{job.fileName}</span> },
        ...(isAdmin ? [{ header: 'Empresa', body: (job: ImportJob) => job.company?.tradeName ?? '—' }] : []),
        { header: 'Estado', body: status },
        { header: 'Resultado', body: outcome },
        { header: 'Por', body: (job) => job.createdBy.name },
      ]}
      csv={{
        filename: 'importaciones.csv',
        columns: [
          { header: 'Fecha', value: (job) => formatDateTime(job.createdAt) },
          { header: 'Tipo', value: (job) => KIND_LABELS[job.kind] },
          { header: 'Archivo', value: (job) => job.fileName },
          { header: 'Empresa', value: (job) => job.company?.tradeName },
          { header: 'Estado', value: (job) => STATUS_LABELS[job.status].label },
          { header: 'Resultado', value: outcome },
          { header: 'Filas', value: (job) => job.summary.rows },
          { header: 'Por', value: (job) => job.createdBy.name },
        ],
      }}
    />
  );
}
