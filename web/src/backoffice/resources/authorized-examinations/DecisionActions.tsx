import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import type { PriceQueueItem } from '@contracts';
import { asApiError } from '../../../api/client';
import { backofficeReports } from '../../../api/dataProvider';
import { useAppDispatch } from '../../../app/store';
import { confirmAction } from '../../../shared/ui/confirm';
import { useNotify } from '../../crud/hooks';
import { resourceStore } from '../../crud/resourceSlice';

/** An administrator's decision on the price the view page shows: authorize, or reject with a reason. */
export function DecisionActions({ item }: { item: PriceQueueItem }) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const store = resourceStore('authorized-examinations');

  const decide = async (decision: { status: 'AUTHORIZED' } | { status: 'REJECTED'; reason: string }) => {
    await backofficeReports.decidePrices({ ids: [item.id] }, decision);
    dispatch(store.actions.recordsRemoved([item.id]));
    dispatch(store.actions.itemRequested(item.id));
    notify({ severity: 'success', summary: decision.status === 'AUTHORIZED' ? 'Autorizamos el precio.' : 'Rechazamos el precio.' });
  };

  const authorize = () =>
    confirmAction({
      header: 'Autorizar 1 precio',
      message: 'El precio se cotizará en el buscador desde ahora.',
      acceptLabel: 'Autorizar',
      danger: false,
      onAccept: () => void decide({ status: 'AUTHORIZED' }).catch((failure) => notify({ severity: 'error', summary: asApiError(failure).message })),
    });

  const reject = async () => {
    const text = reason.trim();
    if (text.length < 5) return setError('Escribe un motivo de al menos 5 caracteres.');
    setBusy(true);
    try {
      await decide({ status: 'REJECTED', reason: text });
      setRejecting(false);
    } catch (failure) {
      setError(asApiError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {item.status !== 'AUTHORIZED' && <Button label="Autorizar" icon="pi pi-check" severity="success" onClick={authorize} />}
      {item.status !== 'REJECTED' && <Button label="Rechazar" icon="pi pi-times" severity="danger" outlined onClick={() => { setReason(''); setError(null); setRejecting(true); }} />}
      {rejecting && (
        <Dialog
          header="Rechazar 1 precio"
          visible
          onHide={() => setRejecting(false)}
          style={{ width: 'min(32rem, 94vw)' }}
          footer={
            <>
              <Button label="Cancelar" text onClick={() => setRejecting(false)} disabled={busy} />
              <Button label="Rechazar" icon="pi pi-times" severity="danger" onClick={() => void reject()} loading={busy} />
            </>
          }
        >
          <p>El precio no se cotizará; el laboratorio verá el motivo y podrá corregirlo.</p>
          <span className="cl-field">
            <label htmlFor="price-reason">Motivo del rechazo (lo verá el laboratorio)</label>
            <InputTextarea id="price-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} rows={3} autoResize maxLength={500} aria-invalid={Boolean(error)} aria-describedby={error ? 'price-reason-error' : undefined} autoFocus />
            {error && <small id="price-reason-error" className="p-error" role="alert">{error}</small>}
          </span>
        </Dialog>
      )}
    </>
  );
}
