import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import type { OwnLaboratory, PriceQueueItem } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider, laboratoryCalls } from '../../../api/dataProvider';
import { searchExams } from '../../../api/lookups';
import { formatClp, shortExamName } from '../../../app/format';
import { confirmAction } from '../../../shared/ui/confirm';
import { AutoCompleteBox } from '../../../shared/ui/AutoCompleteBox';
import { useLookUp } from '../../../shared/ui/useLookUp';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { FETCH_DELAY_MS } from '../../../shared/useDebouncedValue';
import { useMutations, useNotify } from '../../crud/hooks';
import { InlineMoneyEdit } from '../../crud/InlineEdit';

// The pieces around a branch's prices list (PricesTab): adding a price, repricing in its row, its history, copying
// and confirming the whole list.

const when = new Intl.DateTimeFormat('es-CL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Santiago' });
export const formatWhen = (iso: string) => when.format(new Date(iso));
export const personName = (p: { firstName: string; lastName: string } | null | undefined) => (p ? `${p.firstName} ${p.lastName}` : 'una persona que ya no tiene cuenta');

interface PickedExam {
  id: number;
  name: string;
  detail: string;
}

/** The FONASA catalogue look-up (the API's exam search), one exam at a time, as the storefront's picker shows them. */
function ExamLookup({ id, value, onChange }: { id: string; value: PickedExam | null; onChange: (exam: PickedExam | null) => void }) {
  const lookUp = useLookUp<PickedExam>(async (term) =>
    (await searchExams(term, 8)).map((e) => ({ id: e.id, name: shortExamName(e.name), detail: `${e.codeDotted} · ${e.typeExam.name}` })),
  );
  return (
    // The box keeps what is typed while nothing is picked (an AutoCompleteBox: a plain AutoComplete wiped it, or
    // under Preact wrote older text over it); a price added sets the exam back to null, which empties it.
    <AutoCompleteBox<PickedExam>
      {...lookUp}
      inputId={id}
      value={value}
      field="name"
      delay={FETCH_DELAY_MS}
      minLength={2}
      forceSelection
      onChange={(e) => onChange(typeof e.value === 'object' && e.value ? e.value : null)}
      itemTemplate={(exam: PickedExam) => (
        <div className="cl-exam-option">
          <span>{exam.name}</span>
          <small>{exam.detail}</small>
        </div>
      )}
      placeholder="Ej.: hemograma, TSH o 0301045"
      emptyMessage="No encontramos ese examen. Prueba con otro nombre o el código FONASA."
      showEmptyMessage
      className="cl-exam-picker"
    />
  );
}

export function AddPrice({ laboratoryId, onAdded }: { laboratoryId: number; onAdded: () => void }) {
  const { create } = useMutations('branch-prices');
  const notify = useNotify();
  const [exam, setExam] = useState<PickedExam | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!exam) return setError('Elige un examen del catálogo FONASA.');
    if (!price) return setError('Indica el precio en pesos.');
    setSaving(true);
    setError(null);
    try {
      await create({ laboratoryId, examId: exam.id, price });
      notify({ severity: 'success', summary: `Agregamos ${exam.name} a ${formatClp(price)}. Queda pendiente de autorización.` });
      setExam(null);
      setPrice(null);
      onAdded();
    } catch (caught) {
      const failure = asApiError(caught);
      setError(Object.values(failure.errors)[0]?.[0] ?? failure.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="cl-lab-add" onSubmit={add} aria-label="Agregar un examen">
      <div className="cl-field cl-lab-add__exam">
        <label htmlFor="add-exam">Examen del catálogo FONASA</label>
        <ExamLookup id="add-exam" value={exam} onChange={setExam} />
      </div>
      <div className="cl-field cl-lab-add__price">
        <label htmlFor="add-price">Precio</label>
        <InputNumber inputId="add-price" value={price} onValueChange={(e) => setPrice(e.value ?? null)} mode="currency" currency="CLP" locale="es-CL" maxFractionDigits={0} min={0} max={100_000_000} inputClassName="cl-num-input" />
      </div>
      <Button type="submit" label="Agregar" icon="pi pi-plus" loading={saving} className="cl-lab-add__go" />
      {error && <Message severity="error" text={error} className="cl-lab-add__error" />}
    </form>
  );
}

export function PriceCell({ row, editable, onSaved }: { row: PriceQueueItem; editable: boolean; onSaved: () => void }) {
  const { update } = useMutations('branch-prices');
  const name = shortExamName(row.exam.name);
  return (
    <InlineMoneyEdit
      value={row.price}
      what="precio"
      of={name}
      editable={editable}
      save={async (price) => {
        await update(row.id, { price });
        onSaved();
      }}
      saved={(price) => `Nuevo precio de ${name}: ${formatClp(price)}.`}
    />
  );
}

export function HistoryDialog({ row, onHide }: { row: PriceQueueItem | null; onHide: () => void }) {
  return (
    <Dialog header={row ? `Historial de precios: ${shortExamName(row.exam.name)}` : ''} visible={row !== null} onHide={onHide} className="cl-lab-history" breakpoints={{ '640px': '95vw' }} style={{ width: '40rem' }}>
      {row && (
        <>
          <p className="cl-muted">Los últimos {row.priceHistory.length} cambios, del más reciente al más antiguo.</p>
          <div className="cl-table-scroll">
          <table className="cl-levels-table cl-lab-history__table">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col" className="cl-num">Precio</th>
                <th scope="col">Quién</th>
              </tr>
            </thead>
            <tbody>
              {row.priceHistory.map((h) => (
                <tr key={`${h.changedAt}-${h.newPrice}`}>
                  <td>{formatWhen(h.changedAt)}</td>
                  <td className="cl-num">
                    {h.oldPrice === null ? <span className="cl-muted">Primer precio: </span> : <span className="cl-muted">{formatClp(h.oldPrice)} → </span>}
                    <strong>{formatClp(h.newPrice)}</strong>
                  </td>
                  <td>{personName(h.changedBy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
    </Dialog>
  );
}

/**
 * "Confirmar precios sin cambios" (issue 30): the whole list is still right. Patients see when each price was last
 * confirmed, and prices left unconfirmed for 6 months are marked and left out of the region's figures.
 */
export function ConfirmPrices({ lab, onConfirmed }: { lab: OwnLaboratory; onConfirmed: () => void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const confirm = () =>
    confirmAction({
      header: 'Confirmar la lista de precios',
      message: `Todos los precios ofrecidos de ${lab.identifierName} quedarán vigentes desde hoy, sin cambiarlos. Los pacientes ven desde cuándo rige cada precio.`,
      acceptLabel: 'Confirmar precios',
      danger: false,
      onAccept: async () => {
        setBusy(true);
        try {
          const result = await laboratoryCalls.confirmPriceList(lab.id);
          notify({ severity: 'success', summary: `Confirmamos ${result.confirmed} ${result.confirmed === 1 ? 'precio' : 'precios'}: vigentes desde hoy.`, life: 6000 });
          onConfirmed();
        } catch (caught) {
          notify({ severity: 'error', summary: asApiError(caught).message });
        } finally {
          setBusy(false);
        }
      },
    });
  return <Button label="Confirmar precios sin cambios" icon="pi pi-check-circle" outlined loading={busy} onClick={confirm} />;
}

export function CopyPrices({ lab, onCopied }: { lab: OwnLaboratory; onCopied: () => void }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [branches, setBranches] = useState<OwnLaboratory[] | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    dataProvider.getList('laboratories', { companyId: lab.company.id, perPage: 100 }).then(
      (found) => current && setBranches(found.items.filter((b) => b.id !== lab.id && b.company.id === lab.company.id)),
      () => current && setBranches([]),
    );
    return () => {
      current = false;
    };
  }, [open, lab.id, lab.company.id]);
  const targetName = branches?.find((b) => b.id === target)?.identifierName ?? '';
  const copy = () =>
    confirmAction({
      header: 'Copiar la lista de precios',
      message: `Los precios vigentes de ${lab.identifierName} se publicarán en ${targetName}: los exámenes que ya tenga cambiarán a este precio y los nuevos quedarán pendientes de autorización.`,
      acceptLabel: 'Copiar precios',
      danger: false,
      onAccept: async () => {
        setCopying(true);
        try {
          const result = await laboratoryCalls.copyPriceList(lab.id, target!);
          notify({ severity: 'success', summary: `Copiamos los precios a ${targetName}: ${result.offered} nuevos, ${result.repriced} actualizados, ${result.unchanged} sin cambios.`, life: 8000 });
          setOpen(false);
          onCopied();
        } catch (caught) {
          notify({ severity: 'error', summary: asApiError(caught).message });
        } finally {
          setCopying(false);
        }
      },
    });
  return (
    <>
      <Button label="Copiar precios a otra sucursal" icon="pi pi-copy" outlined onClick={() => setOpen(true)} />
      <Dialog header="Copiar precios a otra sucursal" className="cl-lab-copy" visible={open} onHide={() => setOpen(false)} breakpoints={{ '640px': '95vw' }} style={{ width: '32rem' }}>
        <p>Elige la sucursal de {lab.company.tradeName} que tendrá los mismos precios que {lab.identifierName}.</p>
        {branches && branches.length === 0 ? (
          <Message severity="info" text="Tu empresa no tiene otra sucursal. Regístrala primero en Laboratorios." />
        ) : (
          <div className="cl-field">
            <label htmlFor="copy-target">Sucursal de destino</label>
            <SelectBox inputId="copy-target" value={target} options={(branches ?? []).map((b) => ({ label: `${b.identifierName} (${b.comuna.name})`, value: b.id }))} onChange={(e) => setTarget(e.value as number)} placeholder={branches ? 'Elige la sucursal' : 'Cargando…'} />
          </div>
        )}
        <div className="cl-form__actions">
          <Button label="Copiar precios" icon="pi pi-copy" onClick={copy} disabled={target === null} loading={copying} />
          <Button label="Cancelar" text onClick={() => setOpen(false)} />
        </div>
      </Dialog>
    </>
  );
}
