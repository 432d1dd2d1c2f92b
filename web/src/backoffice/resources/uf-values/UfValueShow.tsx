import { formatClpCents, formatDateTime, formatDay } from '../../../app/format';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';

export default function UfValueShow({ id }: { id: number }) {
  return (
    <ShowShell resource="uf-values" id={id} listPath="/app/maintainers/uf-values" title={(v) => `UF del ${formatDay(v.validOn)}`}>
      {(v) => (
        <>
          <Fields
            items={[
              ['Fecha', formatDay(v.validOn)],
              ['Valor', formatClpCents(v.value)],
              ['Actualizado', formatDateTime(v.updatedAt)],
            ]}
          />
          <AuditTimeline entityType="UfValue" entityId={v.id} />
        </>
      )}
    </ShowShell>
  );
}
