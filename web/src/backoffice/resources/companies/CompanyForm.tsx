import { useEffect } from 'react';
import { useComunas, useRegions } from '../../../api/lookups';
import { formatRut } from '../../../app/format';
import { describedBy, FormField } from '../../../shared/ui/FormField';
import { InputText } from 'primereact/inputtext';
import { SelectInput, TextInput } from '../../crud/inputs';
import { useField } from '../../crud/formContext';


/** The RUT formatted as it is typed (76.354.771-K). */
function RutInput({ disabled, hint }: { disabled?: boolean; hint?: string }) {
  const f = useField<string>('rut');
  return (
    <FormField id={f.id} label="RUT" error={f.error} hint={hint}>
      <InputText id={f.id} value={f.value ?? ''} onChange={(e) => f.onChange(formatRut(e.target.value))} disabled={f.disabled || disabled} maxLength={12} placeholder="76.354.771-K" invalid={Boolean(f.error)} {...describedBy(f.id, f.error, hint)} />
    </FormField>
  );
}

/** Region, then its comunas (the region only narrows the list; the company keeps the comuna). */
function ComunaPicker() {
  const region = useField<number | null>('regionId');
  const comuna = useField<number | null>('comunaId');
  const regions = useRegions();
  const comunas = useComunas(region.value);
  // Another region: the comuna chosen before is not among its comunas any more.
  const stale = comunas.data !== null && comuna.value !== null && !comunas.data.some((c) => c.id === comuna.value);
  useEffect(() => {
    if (stale) comuna.onChange(null);
  }, [stale, comuna]);
  return (
    <div className="cl-form__row">
      <SelectInput source="regionId" label="Región" options={(regions.data ?? []).map((r) => ({ label: r.name, value: r.id }))} loading={regions.loading} />
      {region.value ? (
        <SelectInput source="comunaId" label="Comuna" options={(comunas.data ?? []).map((c) => ({ label: c.name, value: c.id }))} loading={comunas.loading} />
      ) : (
        <FormField id={comuna.id} label="Comuna" error={comuna.error} hint="Elige primero la región.">
          <InputText id={comuna.id} disabled value="" />
        </FormField>
      )}
    </div>
  );
}

/** The fields of a company, shared by /app/company/new, /edit and /app/my-company/edit (where the RUT is fixed). */
export function CompanyFields({ ownCompany = false }: { ownCompany?: boolean }) {
  return (
    <>
      <RutInput disabled={ownCompany} hint={ownCompany ? 'Solo un administrador puede corregir el RUT.' : 'Con su dígito verificador.'} />
      <div className="cl-form__row">
        <TextInput source="legalName" label="Razón social" maxLength={200} />
        <TextInput source="tradeName" label="Nombre de fantasía" maxLength={200} hint="El nombre que ven los pacientes." />
      </div>
      <div className="cl-form__row">
        <TextInput source="email" label="Correo (opcional)" maxLength={254} />
        <TextInput source="phone" label="Teléfono (opcional)" maxLength={40} placeholder="+56 2 2345 6789" />
      </div>
      <TextInput source="website" label="Sitio web (opcional)" maxLength={300} placeholder="https://www.milaboratorio.cl" />
      <TextInput source="addressLine" label="Dirección (opcional)" maxLength={300} />
      <ComunaPicker />
    </>
  );
}
