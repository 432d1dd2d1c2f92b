import { useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { asApiError } from '../../api/client';
import { useNotify } from './hooks';

/**
 * A yes/no of a record changed right from a list (a flag with its own API action): the switch
 * moves when the API has answered, and says so if it could not.
 */
export function ActionSwitch<T>({ checked, label, run, onDone }: { checked: boolean; label: string; run: (value: boolean) => Promise<T>; onDone: (saved: T, value: boolean) => void }) {
  const [pending, setPending] = useState(false);
  const notify = useNotify();
  const toggle = async (value: boolean) => {
    setPending(true);
    try {
      onDone(await run(value), value);
    } catch (error) {
      notify({ severity: 'error', summary: asApiError(error).message });
    } finally {
      setPending(false);
    }
  };
  return <InputSwitch checked={checked} onChange={(e) => void toggle(Boolean(e.value))} disabled={pending} aria-label={label} aria-busy={pending} />;
}
