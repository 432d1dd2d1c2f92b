import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@contracts';
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '@contracts';
import { asApiError } from '../../../api/client';
import { API_DOCS_URL, webhookCalls } from '../../../api/dataProvider';
import { confirmAction } from '../../../shared/ui/confirm';
import { useNotify } from '../../crud/hooks';

const when = (iso: string) => new Date(iso).toLocaleString('es-CL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santiago' });
/** The back office's tags (readable contrast), by a delivery's status. */
const TONE: Record<WebhookDeliveryStatus, string> = { SUCCEEDED: 'cl-tag--ok', FAILED: 'cl-tag--danger', RETRYING: 'cl-tag--warn', PENDING: 'cl-tag--info' };

/**
 * "Webhooks" on `/app/my-company` (issue 27, item 4): the company's endpoints (URL, events, active or paused), a new one's
 * signing secret shown once, and the latest deliveries with their attempts and last answer, each with "Reenviar".
 */
export function WebhooksSection() {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['price.authorized', 'price.rejected']);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const notify = useNotify();

  const load = useCallback(() => {
    webhookCalls.endpoints().then((page) => setEndpoints(page.items), (failure) => setError(asApiError(failure).message));
    webhookCalls.deliveries(20).then((page) => setDeliveries(page.items), (failure) => setError(asApiError(failure).message));
  }, []);
  useEffect(load, [load]);

  const fail = (failure: unknown) => notify({ severity: 'error', summary: asApiError(failure).message });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setFieldErrors({});
    try {
      setSecret(await webhookCalls.create({ url, events }));
      setUrl('');
      load();
    } catch (failure) {
      const problem = asApiError(failure);
      const errors = problem.fieldErrors;
      setFieldErrors(Object.keys(errors).length > 0 ? errors : { url: problem.message });
    } finally {
      setCreating(false);
    }
  };

  const toggleEvent = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  const setActive = (endpoint: WebhookEndpoint, active: boolean) =>
    webhookCalls.update(endpoint.id, { active }).then(() => {
      notify({ severity: 'success', summary: active ? 'Reactivamos el webhook.' : 'Pausamos el webhook: no recibirá eventos hasta reactivarlo.' });
      load();
    }, fail);

  const rotate = (endpoint: WebhookEndpoint) =>
    confirmAction({
      header: 'Generar un nuevo secreto',
      message: `Los próximos envíos a ${endpoint.url} se firmarán con el nuevo secreto y el actual dejará de valer. Actualiza tu sistema de inmediato.`,
      acceptLabel: 'Generar secreto',
      onAccept: () => webhookCalls.rotateSecret(endpoint.id).then(setSecret, fail),
    });

  const remove = (endpoint: WebhookEndpoint) =>
    confirmAction({
      header: 'Eliminar el webhook',
      message: `Dejaremos de enviar eventos a ${endpoint.url} y se borrará su registro de envíos. No se puede deshacer.`,
      acceptLabel: 'Eliminar',
      onAccept: () =>
        webhookCalls.remove(endpoint.id).then(() => {
          notify({ severity: 'success', summary: 'Eliminamos el webhook.' });
          if (secret?.id === endpoint.id) setSecret(null);
          load();
        }, fail),
    });

  const redeliver = (delivery: WebhookDelivery) =>
    webhookCalls.redeliver(delivery.id).then(() => {
      notify({ severity: 'success', summary: 'Reenviaremos el evento en unos segundos.' });
      load();
    }, fail);

  if (error) return <Message severity="error" className="cl-block" text={`No pudimos leer los webhooks: ${error}`} />;
  return (
    <section className="cl-panel cl-webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="cl-muted">
        CotizaLab avisa a tu sistema con un POST firmado cuando se autorizan o rechazan tus precios, termina una importación o se paga o
        canjea una orden. <a href={API_DOCS_URL}>Cómo verificar la firma</a>
      </p>

      <form className="cl-webhooks__form" onSubmit={(event) => void create(event)} noValidate>
        <div className="cl-field">
          <label htmlFor="webhook-url">URL de tu sistema</label>
          <InputText id="webhook-url" value={url} maxLength={2000} placeholder="https://mi-sistema.cl/webhooks/cotizalab" onChange={(event) => setUrl(event.target.value)}
            invalid={fieldErrors.url !== undefined} aria-describedby={fieldErrors.url ? 'webhook-url-error' : undefined} />
          {fieldErrors.url && <small id="webhook-url-error" className="p-error">{fieldErrors.url}</small>}
        </div>
        <fieldset className="cl-webhooks__events">
          <legend>Eventos</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div key={type} className="cl-webhooks__event">
              <Checkbox inputId={`webhook-event-${type}`} checked={events.includes(type)} onChange={(event) => toggleEvent(type, event.checked === true)} />
              <label htmlFor={`webhook-event-${type}`}>{WEBHOOK_EVENT_LABELS[type]} <code>{type}</code></label>
            </div>
          ))}
          {fieldErrors.events && <small className="p-error">{fieldErrors.events}</small>}
        </fieldset>
        <Button type="submit" label="Registrar webhook" icon="pi pi-send" loading={creating} />
      </form>

      {secret && (
        <div className="cl-webhooks__secret" role="region" aria-label="Secreto de firma">
          <Message severity="warn" text="Copia este secreto ahora: con él tu sistema verifica la firma de cada envío. No lo volveremos a mostrar." />
          <label htmlFor="webhook-secret">Secreto de {secret.url}</label>
          <InputText id="webhook-secret" value={secret.secret} readOnly onFocus={(event) => event.target.select()} />
          <Button type="button" label="Ya lo guardé" text onClick={() => setSecret(null)} />
        </div>
      )}

      {!endpoints ? (
        <p className="cl-muted" aria-busy="true">Cargando los webhooks…</p>
      ) : endpoints.length === 0 ? (
        <p className="cl-muted">Tu empresa aún no tiene webhooks.</p>
      ) : (
        <ul className="cl-webhooks__list" aria-label="Webhooks de la empresa">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="cl-webhooks__item" data-testid="webhook-endpoint">
              <div className="cl-webhooks__info">
                <p className="cl-webhooks__url">
                  <code>{endpoint.url}</code> <span className={`cl-tag ${endpoint.active ? 'cl-tag--ok' : 'cl-tag--muted'}`}>{endpoint.active ? 'Activo' : 'En pausa'}</span>
                </p>
                <p className="cl-muted">{endpoint.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(' · ')}</p>
                {endpoint.lastDelivery && <p className="cl-muted">Último envío: {when(endpoint.lastDelivery.at)}, {WEBHOOK_DELIVERY_STATUS_LABELS[endpoint.lastDelivery.status].toLowerCase()}</p>}
              </div>
              <div className="cl-webhooks__actions">
                <Button type="button" label={endpoint.active ? 'Pausar' : 'Reactivar'} icon={endpoint.active ? 'pi pi-pause' : 'pi pi-play'} outlined size="small" onClick={() => void setActive(endpoint, !endpoint.active)} />
                <Button type="button" label="Nuevo secreto" icon="pi pi-refresh" outlined size="small" onClick={() => rotate(endpoint)} />
                <Button type="button" label="Eliminar" icon="pi pi-trash" severity="danger" outlined size="small" aria-label={`Eliminar el webhook ${endpoint.url}`} onClick={() => remove(endpoint)} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <h3>Últimos envíos</h3>
      {!deliveries ? null : deliveries.length === 0 ? (
        <p className="cl-muted">Aún no hay envíos.</p>
      ) : (
        <ul className="cl-webhooks__deliveries" aria-label="Últimos envíos de webhooks">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="cl-webhooks__delivery" data-testid="webhook-delivery">
              <div className="cl-webhooks__info">
                <p><code>{delivery.eventType}</code> <span className={`cl-tag ${TONE[delivery.status]}`}>{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}</span></p>
                <p className="cl-muted">
                  {when(delivery.createdAt)} · {delivery.attempts === 1 ? '1 intento' : `${delivery.attempts} intentos`}
                  {delivery.lastStatusCode !== null ? ` · respuesta ${delivery.lastStatusCode}` : ''}
                  {delivery.lastError && delivery.lastStatusCode === null ? ` · ${delivery.lastError}` : ''}
                </p>
                <p className="cl-muted cl-webhooks__target">{delivery.url}</p>
              </div>
              <Button type="button" label="Reenviar" icon="pi pi-replay" outlined size="small" aria-label={`Reenviar ${delivery.eventType} del ${when(delivery.createdAt)}`} onClick={() => void redeliver(delivery)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
