import { Chips } from 'primereact/chips';
import { SelectBox } from '../../shared/ui/SelectBox';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { MoneyField } from '../../shared/ui/MoneyField';
import { useField } from './formContext';

/**
 * Inputs bound to the surrounding FormShell by `source` (react-admin's pattern): each shows its
 * label, its value and the API's message for that field beside it.
 */
interface InputProps {
  source: string;
  label: string;
  hint?: string;
}

export function TextInput({ source, label, hint, maxLength, placeholder, inputMode }: InputProps & { maxLength?: number; placeholder?: string; inputMode?: 'numeric' | 'text' }) {
  const f = useField<string>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <InputText id={f.id} value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} disabled={f.disabled} maxLength={maxLength} placeholder={placeholder} inputMode={inputMode} invalid={Boolean(f.error)} {...describedBy(f.id, f.error, hint)} />
    </FormField>
  );
}

/** A time of day, "HH:MM" (the browser's own picker). */
export function TimeInput({ source, label, hint }: InputProps) {
  const f = useField<string>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <input type="time" id={f.id} className={`p-inputtext${f.error ? ' p-invalid' : ''}`} value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} disabled={f.disabled} {...describedBy(f.id, f.error, hint)} />
    </FormField>
  );
}

export function TextAreaInput({ source, label, hint, maxLength }: InputProps & { maxLength?: number }) {
  const f = useField<string>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <InputTextarea id={f.id} value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} disabled={f.disabled} maxLength={maxLength} rows={3} autoResize invalid={Boolean(f.error)} {...describedBy(f.id, f.error, hint)} />
    </FormField>
  );
}

/**
 * A whole number, or with `decimals` a number typed and shown as Chileans write it (39.512,34), with the
 * $ sign when it is `pesos`.
 */
export function NumberInput({ source, label, hint, min = 0, max, decimals, pesos }: InputProps & { min?: number; max?: number; decimals?: number; pesos?: boolean }) {
  const f = useField<number | null>(source);
  const format = decimals === undefined
    ? { useGrouping: false }
    : { locale: 'es-CL', minFractionDigits: decimals, maxFractionDigits: decimals, ...(pesos && { mode: 'currency' as const, currency: 'CLP' }) };
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <InputNumber inputId={f.id} value={f.value} onValueChange={(e) => f.onChange(e.value ?? null)} disabled={f.disabled} min={min} max={max} {...format} invalid={Boolean(f.error)} pt={{ input: { root: describedBy(f.id, f.error, hint) } }} />
    </FormField>
  );
}

/** A calendar day (YYYY-MM-DD) typed or picked with the browser's own date control. */
export function DateInput({ source, label, hint }: InputProps) {
  const f = useField<string>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <InputText id={f.id} type="date" value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} disabled={f.disabled} invalid={Boolean(f.error)} {...describedBy(f.id, f.error, hint)} />
    </FormField>
  );
}

export function SelectInput<V extends string | number>({ source, label, hint, options, loading }: InputProps & { options: { label: string; value: V }[]; loading?: boolean }) {
  const f = useField<V | null>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <SelectBox
        inputId={f.id}
        value={f.value}
        options={options}
        onChange={(e) => f.onChange(e.value as V)}
        disabled={f.disabled}
        placeholder={loading ? 'Cargando…' : 'Elige una opción'}
        invalid={Boolean(f.error)}
        aria-describedby={describedBy(f.id, f.error, hint)['aria-describedby']}
      />
    </FormField>
  );
}

/** A list of short texts typed one by one (Enter or comma adds each). */
export function ChipsInput({ source, label, hint }: InputProps) {
  const f = useField<string[]>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <Chips inputId={f.id} value={f.value ?? []} onChange={(e) => f.onChange(e.value ?? [])} separator="," allowDuplicate={false} addOnBlur disabled={f.disabled} invalid={Boolean(f.error)} className="cl-chips-input" pt={{ input: describedBy(f.id, f.error, hint) }} />
    </FormField>
  );
}

export function MoneyInput({ source, label, hint }: InputProps) {
  const f = useField<number | null>(source);
  return <MoneyField id={f.id} label={label} value={f.value ?? null} onChange={f.onChange} error={f.error} hint={hint} disabled={f.disabled} />;
}

export function SwitchInput({ source, label, hint }: InputProps) {
  const f = useField<boolean>(source);
  return (
    <div className="cl-field cl-field--switch">
      <InputSwitch inputId={f.id} checked={Boolean(f.value)} onChange={(e) => f.onChange(Boolean(e.value))} disabled={f.disabled} {...describedBy(f.id, f.error, hint)} />
      <label htmlFor={f.id}>{label}</label>
      {hint && !f.error && <small id={`${f.id}-hint`} className="cl-field__hint">{hint}</small>}
      {f.error && <small id={`${f.id}-error`} className="cl-field__error" role="alert">{f.error}</small>}
    </div>
  );
}
