import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { asApiError } from '../../../api/client';
import type { ResourceName } from '../../../api/dataProvider';
import { confirmAction } from '../../../shared/ui/confirm';
import { useNotify } from '../hooks';
import type { ListController } from './useListController';

export interface BulkAction {
  label: string;
  icon: string;
  confirm: (count: number) => string;
  /** Resolves with how many could not be done; `reason` is what the person wrote when the action asks for one. */
  run: (ids: number[], reason?: string) => Promise<number>;
  /**
   * Takes every row matching the list's filters, beyond the page (issue 27: the authorization queue), as many as the
   * person was shown (`expectedCount`; the server refuses if they changed). Without it, only the selected rows.
   */
  runMatching?: (matching: Record<string, unknown>, expectedCount: number, reason?: string) => Promise<number>;
  done: (count: number) => string;
  /** Red (the default) for what takes something away; green for an approval. */
  severity?: 'danger' | 'success';
  /** Asks for a reason (5 to 500 characters) in the confirmation, e.g. a rejection's. */
  reason?: { label: string };
}

interface Noun {
  one: string;
  many: string;
}

/**
 * The bulk-actions view of a list controller: what is selected, the offer to take every row matching the filters,
 * and the actions, each asking first (with a reason when it needs one) and saying how it went.
 */
export function BulkActionsBar<R extends ResourceName>({ list, actions, noun }: { list: ListController<R>; actions: BulkAction[]; noun: Noun }) {
  const notify = useNotify();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const { chosen, allMatching, selection, total } = list;

  /** Runs the action on the selection (or every matching row) and says how it went. */
  const execute = async (action: BulkAction, reason?: string) => {
    const failed = allMatching
      ? await action.runMatching!(list.matching, total, reason)
      : await action.run(selection.map((row) => (row as { id: number }).id), reason);
    list.select([]);
    if (failed > 0) notify({ severity: 'warn', summary: `${failed} de ${chosen} no se pudieron procesar.` });
    else notify({ severity: 'success', summary: action.done(chosen) });
  };
  const runBulk = (action: BulkAction) => {
    if (action.reason) return setAsking(action);
    confirmAction({
      header: `${action.label} ${chosen.toLocaleString('es-CL')} ${chosen === 1 ? noun.one : noun.many}`,
      message: action.confirm(chosen),
      acceptLabel: action.label,
      onAccept: () => execute(action),
    });
  };
  const canTakeAll = actions.every((a) => a.runMatching) && selection.length === list.rows.length && total > selection.length;

  return (
    <div className="cl-bulk" role="region" aria-label="Acciones sobre la selección">
      <strong>{allMatching ? `Los ${chosen.toLocaleString('es-CL')} ${noun.many} que coinciden con el filtro` : `${chosen} ${chosen === 1 ? 'seleccionado' : 'seleccionados'}`}</strong>
      {canTakeAll && !allMatching && (
        <Button label={`Seleccionar los ${total.toLocaleString('es-CL')} ${noun.many} que coinciden con el filtro`} size="small" text onClick={list.selectAllMatching} />
      )}
      {actions.map((action) => (
        <Button key={action.label} label={action.label} icon={action.icon} severity={action.severity ?? 'danger'} size="small" outlined onClick={() => runBulk(action)} />
      ))}
      <Button label="Quitar selección" size="small" text onClick={() => list.select([])} />
      {asking && (
        <ReasonDialog
          action={asking}
          count={chosen}
          noun={noun}
          onCancel={() => setAsking(null)}
          onAccept={async (reason) => {
            await execute(asking, reason);
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}

/** The confirmation of a bulk action that needs a reason: the reason is written here and sent with it. */
function ReasonDialog({ action, count, noun, onCancel, onAccept }: { action: BulkAction; count: number; noun: Noun; onCancel: () => void; onAccept: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    const text = reason.trim();
    if (text.length < 5) return setError('Escribe un motivo de al menos 5 caracteres.');
    if (text.length > 500) return setError('Máximo 500 caracteres.');
    setBusy(true);
    try {
      await onAccept(text);
    } catch (failure) {
      setError(asApiError(failure).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={`${action.label} ${count.toLocaleString('es-CL')} ${count === 1 ? noun.one : noun.many}`}
      visible
      onHide={onCancel}
      className="cl-reason-dialog"
      style={{ width: 'min(32rem, 94vw)' }}
      footer={
        <>
          <Button label="Cancelar" text onClick={onCancel} disabled={busy} />
          <Button label={action.label} icon={action.icon} severity={action.severity ?? 'danger'} onClick={() => void accept()} loading={busy} />
        </>
      }
    >
      <p>{action.confirm(count)}</p>
      <span className="cl-field">
        <label htmlFor="bulk-reason">{action.reason!.label}</label>
        <InputTextarea id="bulk-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} rows={3} autoResize maxLength={500} aria-invalid={Boolean(error)} aria-describedby={error ? 'bulk-reason-error' : undefined} autoFocus />
        {error && <small id="bulk-reason-error" className="p-error" role="alert">{error}</small>}
      </span>
    </Dialog>
  );
}
