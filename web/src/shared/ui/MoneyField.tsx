import { InputNumber } from 'primereact/inputnumber';
import { describedBy, FormField } from './FormField';

/**
 * Whole Chilean pesos, typed and shown as people write them ($ 12.345). Empty means "none"
 * (null), not zero: FONASA leaves some levels without a value.
 */
export function MoneyField({ id, label, value, onChange, error, hint, disabled }: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <InputNumber
        inputId={id}
        value={value}
        onValueChange={(e) => onChange(e.value ?? null)}
        mode="currency"
        currency="CLP"
        locale="es-CL"
        maxFractionDigits={0}
        min={0}
        max={100_000_000}
        disabled={disabled}
        invalid={Boolean(error)}
        inputClassName="cl-num-input"
        pt={{ input: { root: describedBy(id, error, hint) } }}
      />
    </FormField>
  );
}
