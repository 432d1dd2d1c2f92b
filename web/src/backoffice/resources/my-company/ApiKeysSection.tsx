import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { ApiKey, CreatedApiKey } from '@contracts';
import { asApiError } from '../../../api/client';
import { API_DOCS_URL, apiKeyCalls } from '../../../api/dataProvider';
import { confirmAction } from '../../../shared/ui/confirm';
import { useNotify } from '../../crud/hooks';

const when = (iso: string) => new Date(iso).toLocaleString('es-CL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santiago' });

/**
 * "Claves de API" on `/app/my-company` (issue 27, item 4): the company's keys for its own systems. A new key's secret is
 * shown once, with a copy button and a warning; the list shows each key's prefix, who created it, its last use, and
 * revokes it after asking.
 */
export function ApiKeysSection() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const notify = useNotify();

  const load = useCallback(() => {
    apiKeyCalls.search({ perPage: 100 }).then((page) => setKeys(page.items), (failure) => setError(asApiError(failure).message));
  }, []);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setNameError(null);
    try {
      const key = await apiKeyCalls.create(name);
      setCreated(key);
      setCopied(false);
      setName('');
      load();
    } catch (failure) {
      const problem = asApiError(failure);
      setNameError(problem.fieldErrors.name ?? problem.message);
    } finally {
      setCreating(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created.secret).then(() => setCopied(true), () => setCopied(false));
  };

  const revoke = (key: ApiKey) =>
    confirmAction({
      header: `Revocar «${key.name}»`,
      message: `La clave ${key.prefix}… dejará de funcionar de inmediato: los sistemas que la usan recibirán un error 401. No se puede deshacer.`,
      acceptLabel: 'Revocar clave',
      onAccept: () => {
        apiKeyCalls.revoke(key.id).then(
          () => {
            notify({ severity: 'success', summary: `Revocamos la clave «${key.name}».` });
            if (created?.id === key.id) setCreated(null);
            load();
          },
          (failure) => notify({ severity: 'error', summary: asApiError(failure).message }),
        );
      },
    });

  if (error) return <Message severity="error" className="cl-block" text={`No pudimos leer las claves de API: ${error}`} />;
  return (
    <section className="cl-panel cl-api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">Claves de API</h2>
      <p className="cl-muted">
        Con una clave de API, el sistema de tu laboratorio (LIS o ERP) consulta y actualiza tus precios e importa listas sin que una persona
        inicie sesión. Quien tenga la clave actúa como tu empresa: guárdala como una contraseña y revócala si se expone.{' '}
        <a href={API_DOCS_URL}>Documentación de la API</a>
      </p>

      <form className="cl-api-keys__form" onSubmit={(event) => void create(event)} noValidate>
        <div className="cl-field">
          <label htmlFor="api-key-name">Nombre de la clave</label>
          <InputText id="api-key-name" value={name} maxLength={100} placeholder="Ej.: ERP casa matriz" onChange={(event) => setName(event.target.value)}
            invalid={nameError !== null} aria-describedby={nameError ? 'api-key-name-error' : undefined} />
          {nameError && <small id="api-key-name-error" className="p-error">{nameError}</small>}
        </div>
        <Button type="submit" label="Crear clave" icon="pi pi-key" loading={creating} />
      </form>

      {created && (
        <div className="cl-api-keys__created" role="region" aria-label="Clave recién creada">
          <Message severity="warn" text="Copia esta clave ahora y guárdala en un lugar seguro: no la volveremos a mostrar." />
          <label htmlFor="api-key-secret" className="cl-api-keys__label">Clave «{created.name}»</label>
          <div className="cl-api-keys__secret">
            <InputText id="api-key-secret" value={created.secret} readOnly onFocus={(event) => event.target.select()} />
            <Button type="button" label={copied ? 'Copiada' : 'Copiar'} icon={copied ? 'pi pi-check' : 'pi pi-copy'} outlined onClick={() => void copy()} />
          </div>
          {copied && <p className="cl-muted" role="status">Copiamos la clave al portapapeles.</p>}
          <Button type="button" label="Ya la guardé" text onClick={() => setCreated(null)} />
        </div>
      )}

      {!keys ? (
        <p className="cl-muted" aria-busy="true">Cargando las claves…</p>
      ) : keys.length === 0 ? (
        <p className="cl-muted">Tu empresa aún no tiene claves de API.</p>
      ) : (
        <ul className="cl-api-keys__list" aria-label="Claves de API de la empresa">
          {keys.map((key) => (
            <li key={key.id} className="cl-api-keys__item" data-testid="api-key">
              <div className="cl-api-keys__info">
                <p className="cl-api-keys__name">
                  {key.name} <span className={`cl-tag ${key.status === 'ACTIVE' ? 'cl-tag--ok' : 'cl-tag--muted'}`}>{key.status === 'ACTIVE' ? 'Activa' : 'Revocada'}</span>
                </p>
                <p><code>{key.prefix}…</code></p>
                <p className="cl-muted">Creada el {when(key.createdAt)} por {key.createdBy.name}</p>
                <p className="cl-muted">{key.lastUsedAt ? `Último uso: ${when(key.lastUsedAt)}` : 'Aún no se ha usado'}</p>
                {key.revokedAt && <p className="cl-muted">Revocada el {when(key.revokedAt)}{key.revokedBy ? ` por ${key.revokedBy.name}` : ''}</p>}
              </div>
              {key.status === 'ACTIVE' && <Button type="button" label="Revocar" icon="pi pi-ban" severity="danger" outlined size="small" aria-label={`Revocar ${key.name}`} onClick={() => revoke(key)} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
