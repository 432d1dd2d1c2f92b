import { useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { formatClp } from '../../app/format';
import { asApiError } from '../../api/client';
import { useNotify } from './hooks';

interface InlineMoneyEditProps {
  value: number;
  /** What the amount is and of what, for the buttons' and the field's names ("precio", "Hemograma"). */
  what: string;
  of: string;
  editable: boolean;
  /** Saves the amount; an API error is shown as it comes. */
  save: (value: number) => Promise<void>;
  /** The confirmation, with the amount saved. */
  saved: (value: number) => string;
}

// Keeps focus where it is: pressing ✓ or ✕ must not first "leave the field" (which commits).
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * An amount edited in place in a list: the one inline edit of the back office. What is on screen
 * is what is saved, by Enter, by ✓ and by leaving the field; Escape and ✕ cancel; the toast names
 * the amount saved. PrimeReact's InputNumber reports a typed amount only on blur or after its own
 * Enter handling, so the amount is followed keystroke by keystroke here (Enter once saved the
 * previous price and announced it as the new one).
 */
export function InlineMoneyEdit({ value, what, of, editable, save, saved }: InlineMoneyEditProps) {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const typed = useRef<number | null>(value);
  const busy = useRef(false);
  const shown = useRef<HTMLSpanElement>(null);
  // Closed by Escape or ✕: the field going away must not count as leaving it (which saves).
  const open = useRef(false);

  const close = () => {
    open.current = false;
    setEditing(false);
    // Back to what opened the edit, for whoever works by keyboard.
    requestAnimationFrame(() => shown.current?.querySelector('button')?.focus());
  };
  const commit = async () => {
    if (busy.current || !open.current) return;
    const amount = typed.current;
    if (amount === value) return close();
    if (!amount) return notify({ severity: 'error', summary: 'Indica un monto mayor que cero.' });
    busy.current = true;
    setSaving(true);
    try {
      await save(amount);
      notify({ severity: 'success', summary: saved(amount) });
      close();
    } catch (caught) {
      const failure = asApiError(caught);
      notify({ severity: 'error', summary: Object.values(failure.errors)[0]?.[0] ?? failure.message });
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  const leave = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void commit();
  };

  if (!editing) {
    return (
      <span className="cl-inline-edit" ref={shown}>
        <span>{formatClp(value)}</span>
        {editable && (
          <Button
            icon="pi pi-pencil"
            text
            rounded
            size="small"
            aria-label={`Cambiar el ${what} de ${of}`}
            title={`Cambiar el ${what}`}
            onClick={() => {
              typed.current = value;
              open.current = true;
              setEditing(true);
            }}
          />
        )}
      </span>
    );
  }
  return (
    <span className="cl-inline-edit cl-inline-edit--editing" onBlur={leave}>
      <InputNumber
        value={value}
        onChange={(e) => { typed.current = e.value ?? null; }}
        onValueChange={(e) => { typed.current = e.value ?? null; }}
        mode="currency" currency="CLP" locale="es-CL" maxFractionDigits={0} min={0} max={100_000_000}
        inputClassName="cl-num-input" aria-label={`Nuevo ${what} de ${of}`} autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          }
          if (e.key === 'Escape') close();
        }}
        disabled={saving}
      />
      <Button icon="pi pi-check" rounded size="small" aria-label={`Guardar el ${what}`} onMouseDown={keepFocus} onClick={() => void commit()} loading={saving} />
      <Button icon="pi pi-times" rounded text size="small" aria-label="Cancelar" onMouseDown={keepFocus} onClick={close} disabled={saving} />
    </span>
  );
}
