import { Message } from 'primereact/message';
import { formatClp, shortExamName } from '../../../app/format';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { useAppSelector } from '../../../app/store';
import { DecisionActions } from './DecisionActions';
import { PriceRatio } from './PriceRatio';
import { STATUS_TAG, STATUS_TEXT } from './ratio';

const when = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santiago' });

/** /app/authorized-examinations/view/{id}: one price, against the FONASA value, and its audit timeline. */
export default function AuthorizedExaminationShow({ id }: { id: number }) {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile.code) === 'ADM';
  return (
    <ShowShell
      resource="authorized-examinations"
      id={id}
      listPath="/app/authorized-examinations"
      title={(row) => `${shortExamName(row.exam.name)} en ${row.laboratory.identifierName}`}
      editable={() => false}
      extraActions={(row) => (isAdmin && row.isActive ? <DecisionActions item={row} /> : null)}
    >
      {(row) => (
        <>
          {row.status === 'REJECTED' && row.rejectionReason && <Message severity="warn" className="cl-block" text={`Rechazado: ${row.rejectionReason}`} />}
          <Fields
            items={[
              ['Examen', `${row.exam.code} · ${row.exam.name}`],
              ['Laboratorio', row.laboratory.identifierName],
              ['Empresa', row.laboratory.company.tradeName],
              ['Comuna', row.laboratory.comuna.name],
              ['Precio', formatClp(row.price)],
              ['Arancel FONASA nivel 1', row.exam.fonasaPriceLevel1 ? formatClp(row.exam.fonasaPriceLevel1) : null],
              ['Relación con FONASA', <PriceRatio item={row} />],
              ['Estado', <span className={`cl-tag ${STATUS_TAG[row.status]}`}>{STATUS_TEXT[row.status]}</span>],
              ['Vigente', row.isActive ? 'Sí' : 'No, retirado por el laboratorio'],
              ['Último cambio', when.format(new Date(row.updatedAt))],
            ]}
          />
          <AuditTimeline entityType="LaboratoryExam" entityId={row.id} />
        </>
      )}
    </ShowShell>
  );
}
