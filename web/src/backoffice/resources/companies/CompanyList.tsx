import { formatRut } from '../../../app/format';
import { ListShell } from '../../crud/ListShell';
import { STATUS_LABELS, StatusTag } from './status';

const STATUSES = (['PENDING', 'APPROVED', 'REJECTED'] as const).map((value) => ({ label: STATUS_LABELS[value], value }));
const date = (iso: string) => new Date(iso).toLocaleDateString('es-CL');

/** /app/company: every laboratory company, those waiting for approval first to find. */
export default function CompanyList() {
  return (
    <ListShell
      resource="companies"
      title="Empresas"
      basePath="/app/company"
      noun={{ one: 'empresa', many: 'empresas' }}
      createLabel="Nueva empresa"
      defaultSort={{ orderBy: 'tradeName', orderSort: 'asc' }}
      rowName={(company) => company.tradeName}
      filters={[
        { name: 'name', label: 'Nombre', type: 'text' },
        { name: 'rut', label: 'RUT', type: 'text' },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES },
      ]}
      columns={[
        { header: 'Nombre de fantasía', sortKey: 'tradeName', body: (c) => c.tradeName },
        { header: 'Razón social', body: (c) => c.legalName },
        { header: 'RUT', sortKey: 'rut', nowrap: true, body: (c) => formatRut(c.rut) },
        { header: 'Comuna', body: (c) => c.comuna?.name ?? '' },
        { header: 'Sucursales', numeric: true, body: (c) => c.laboratoryCount },
        { header: 'Estado', sortKey: 'status', body: (c) => <StatusTag status={c.status} /> },
        { header: 'Registrada', sortKey: 'createdAt', nowrap: true, body: (c) => date(c.createdAt) },
      ]}
      csv={{
        filename: 'empresas.csv',
        columns: [
          { header: 'RUT', value: (c) => formatRut(c.rut) },
          { header: 'Razón social', value: (c) => c.legalName },
          { header: 'Nombre de fantasía', value: (c) => c.tradeName },
          { header: 'Correo', value: (c) => c.email },
          { header: 'Teléfono', value: (c) => c.phone },
          { header: 'Comuna', value: (c) => c.comuna?.name },
          { header: 'Región', value: (c) => c.comuna?.parent?.name },
          { header: 'Sucursales', value: (c) => c.laboratoryCount },
          { header: 'Estado', value: (c) => STATUS_LABELS[c.status] },
          { header: 'Motivo del rechazo', value: (c) => c.decisionReason },
          { header: 'Registrada', value: (c) => date(c.createdAt) },
        ],
      }}
    />
  );
}
