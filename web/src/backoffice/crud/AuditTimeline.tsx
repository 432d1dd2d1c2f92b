import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { AuditEntryView } from '@contracts';
import { asApiError } from '../../api/client';
import { backofficeReports } from '../../api/dataProvider';
import { formatClp, formatClpCents, formatDay } from '../../app/format';

/** What each audited action reads as; an unknown one shows its key. */
const ACTIONS: Record<string, string> = {
  'laboratory_exam.offered': 'Publicó el precio',
  'laboratory_exam.repriced': 'Cambió el precio',
  'laboratory_exam.price_list_copied': 'Copió la lista de precios',
  'company.created': 'Creó la empresa',
  'company.updated': 'Modificó la empresa',
  'company.approved': 'Aprobó la empresa',
  'company.rejected': 'Rechazó la empresa',
  'laboratory.registered': 'Registró el laboratorio',
  'laboratory.updated': 'Modificó el laboratorio',
  'laboratory.closed': 'Cerró el laboratorio',
  'person.created': 'Creó la persona',
  'person.updated': 'Modificó la persona',
  'person.deleted': 'Desactivó la persona',
  'admin.created': 'Creó el administrador',
  'password.set_by_admin': 'Fijó una contraseña',
  'exam.created': 'Creó el examen',
  'exam.updated': 'Modificó el examen',
  'exam.retired': 'Retiró el examen',
  'laboratory_exam.authorized': 'Autorizó el precio',
  'laboratory_exam.rejected': 'Rechazó el precio',
  'laboratory_exam.withdrawn': 'Retiró el examen',
  'laboratory_exam.restored': 'Volvió a ofrecer el examen',
  'category.created': 'Creó la categoría',
  'category.updated': 'Modificó la categoría',
  'product.created': 'Creó el producto',
  'product.updated': 'Modificó el producto',
  'banner.created': 'Creó el banner',
  'banner.updated': 'Modificó el banner',
  'slider.created': 'Creó el slide',
  'slider.updated': 'Modificó el slide',
  'order_term.created': 'Agregó el término',
  'order_term.updated': 'Modificó el término',
  'order_term.deleted': 'Eliminó el término',
  'uf_value.created': 'Agregó el valor de la UF',
  'uf_value.updated': 'Corrigió el valor de la UF',
};
const FIELDS: Record<string, string> = {
  reason: 'Motivo', oldPrice: 'Precio anterior', newPrice: 'Precio nuevo', price: 'Precio', previousPrice: 'Precio anterior', bulk: 'En lote',
  status: 'Estado', name: 'Nombre', email: 'Correo', profile: 'Perfil', companyId: 'Empresa (n.º)', fields: 'Campos',
  term: 'Término', kind: 'Tipo', examIds: 'Exámenes (n.º)',
  validOn: 'Fecha', value: 'Valor', previousValidOn: 'Fecha anterior', previousValue: 'Valor anterior',
};
const PROFILES: Record<string, string> = { ADM: 'administrador', PRV: 'proveedor', USR: 'usuario' };
const MONEY = new Set(['oldPrice', 'newPrice', 'price', 'previousPrice']);
/** Pesos with cents (the UF's value) and calendar days, as the UF's audit rows keep them. */
const CENTS = new Set(['value', 'previousValue']);
const DAYS = new Set(['validOn', 'previousValidOn']);
const when = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santiago' });

const actionText = (action: string) => ACTIONS[action] ?? action.replace(/[._]/g, ' ');
const valueText = (key: string, value: string | number | boolean | null) =>
  value === null ? 'sin valor' : typeof value === 'boolean' ? (value ? 'sí' : 'no') : MONEY.has(key) && typeof value === 'number' ? formatClp(value) : CENTS.has(key) && typeof value === 'number' ? formatClpCents(value) : DAYS.has(key) && typeof value === 'string' ? formatDay(value) : String(value);

/**
 * The audit timeline of one record (`POST /api/audit/search`), newest first: who did what, when,
 * from which address, and the values the change recorded. Place it under a ShowShell's fields:
 * `<AuditTimeline entityType="LaboratoryExam" entityId={id} />`.
 */
export function AuditTimeline({ entityType, entityId, title = 'Historial de cambios' }: { entityType: string; entityId: number; title?: string }) {
  const [entries, setEntries] = useState<AuditEntryView[] | null>(null);
  const [page, setPage] = useState({ current: 1, last: 1, total: 0 });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async (currentPage: number) => {
    setLoading(true);
    setError(null);
    try {
      const answer = await backofficeReports.audit(entityType, entityId, currentPage);
      setEntries((before) => (currentPage === 1 ? answer.items : [...(before ?? []), ...answer.items]));
      setPage({ current: answer.currentPage, last: answer.lastPage, total: answer.total });
    } catch (failure) {
      setError(asApiError(failure).message);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    setEntries(null);
    void load(1);
  }, [entityType, entityId]);

  const headingId = `audit-${entityType}-${entityId}`;
  return (
    <section className="cl-audit" aria-labelledby={headingId}>
      <h2 id={headingId} className="cl-audit__title">{title}</h2>
      {error && <Message severity="error" text={`No pudimos leer el historial: ${error}`} className="cl-block" />}
      {!entries && !error && <p className="cl-muted" aria-busy="true">Cargando historial…</p>}
      {entries?.length === 0 && <p className="cl-muted">Aún no hay cambios registrados.</p>}
      {entries && entries.length > 0 && (
        <ol className="cl-audit__list">
          {entries.map((entry) => {
            const details = Object.entries(entry.details ?? {}).filter(([key]) => key !== 'actorProfile');
            return (
              <li key={entry.id} className="cl-audit__item">
                <p className="cl-audit__head">
                  <strong>{actionText(entry.action)}</strong>
                  <span> · {entry.actor ? `${entry.actor.fullName}${entry.actor.profile ? ` (${PROFILES[entry.actor.profile] ?? entry.actor.profile})` : ''}` : 'Sistema'}</span>
                </p>
                <p className="cl-muted cl-audit__meta">
                  <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                  {entry.ip && <> · desde {entry.ip}</>}
                </p>
                {details.length > 0 && (
                  <dl className="cl-audit__details">
                    {details.map(([key, value]) => (
                      <div key={key}>
                        <dt>{FIELDS[key] ?? key}</dt>
                        <dd>{valueText(key, value)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {entries && page.current < page.last && (
        <Button label={`Ver más (${(page.total - entries.length).toLocaleString('es-CL')} restantes)`} text size="small" loading={loading} onClick={() => void load(page.current + 1)} />
      )}
    </section>
  );
}
