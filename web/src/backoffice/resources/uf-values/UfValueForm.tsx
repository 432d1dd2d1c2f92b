import { DateInput, NumberInput } from '../../crud/inputs';
import { FormShell } from '../../crud/FormShell';
import { emptyUfValue, ufValueInput, ufValueValues, validateUfValue } from './schema';

const LIST = '/app/maintainers/uf-values';

function UfValueFields() {
  return (
    <div className="cl-form__row">
      <DateInput source="validOn" label="Fecha" hint="Desde qué día vale, hasta el día del valor siguiente." />
      <NumberInput source="value" label="Valor en pesos" decimals={2} pesos max={999_999.99} hint="Como lo publican el Banco Central y el SII, con 2 decimales." />
    </div>
  );
}

export function UfValueCreate() {
  return (
    <FormShell resource="uf-values" title="Nuevo valor de la UF" listPath={LIST} empty={emptyUfValue} fromRecord={ufValueValues} toInput={ufValueInput} validate={validateUfValue} redirect={(v) => `${LIST}/view/${v.id}`} savedMessage="Guardamos el valor de la UF.">
      <UfValueFields />
    </FormShell>
  );
}

export function UfValueEdit({ id }: { id: number }) {
  return (
    <FormShell resource="uf-values" id={id} title="Editar valor de la UF" listPath={LIST} empty={emptyUfValue} fromRecord={ufValueValues} toInput={ufValueInput} validate={validateUfValue} redirect={(v) => `${LIST}/view/${v.id}`} savedMessage="Guardamos el valor de la UF.">
      <UfValueFields />
    </FormShell>
  );
}
