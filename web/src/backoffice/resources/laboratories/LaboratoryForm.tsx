import { useContext, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { InputNumber } from 'primereact/inputnumber';
import { MultiSelect } from 'primereact/multiselect';
import type { Insurer } from '@contracts';
import { dataProvider, laboratoryCalls } from '../../../api/dataProvider';
import { useComunas, useRegions, type Place } from '../../../api/lookups';
import { describedBy, FormField } from '../../../shared/ui/FormField';
import { FormContext, useField } from '../../crud/formContext';
import { MoneyInput, SelectInput, SwitchInput, TextInput, TimeInput } from '../../crud/inputs';
import { FONASA_LEVELS, HOUR_LINES } from './schema';

/** The region and comuna options; none while a region's comunas load (a previous region's must not show). */
function usePlaces(regionId: number | null) {
  const regions = useRegions();
  const comunas = useComunas(regionId);
  return { regions: regions.data, comunas: comunas.loading ? null : comunas.data };
}

function useInsurers() {
  const [insurers, setInsurers] = useState<Insurer[] | null>(null);
  useEffect(() => {
    let current = true;
    laboratoryCalls.insurers().then((i) => current && setInsurers(i), () => current && setInsurers([]));
    return () => {
      current = false;
    };
  }, []);
  return insurers;
}

function CoordinateInput({ source, label, min, max }: { source: 'lat' | 'lng'; label: string; min: number; max: number }) {
  const f = useField<number | null>(source);
  return (
    <FormField id={f.id} label={label} error={f.error}>
      <InputNumber inputId={f.id} value={f.value} onValueChange={(e) => f.onChange(e.value ?? null)} mode="decimal" locale="es-CL" minFractionDigits={0} maxFractionDigits={6} min={min} max={max} disabled={f.disabled} invalid={Boolean(f.error)} pt={{ input: { root: describedBy(f.id, f.error) } }} />
    </FormField>
  );
}

function HoursFields() {
  const form = useContext(FormContext)!;
  const hours = useField<Record<number, { opens: string; closes: string }>>('hours');
  const copyMonday = () => {
    const monday = hours.value[1];
    for (const day of [2, 3, 4, 5]) form.set(`hours.${day}`, { ...monday });
  };
  return (
    <fieldset className="cl-levels cl-lab-hours">
      <legend>Horario de atención</legend>
      <p className="cl-muted cl-lab-hours__hint">Deja ambas horas vacías los días que no atiende.</p>
      {HOUR_LINES.map(({ day, label }) => {
        const error = form.errors[`hours.${day}`]?.[0];
        const id = `${form.idPrefix}-hours-${day}`;
        return (
          <div key={day} className={`cl-lab-hours__row${day >= 6 ? ' cl-lab-hours__row--apart' : ''}`} role="group" aria-labelledby={`${id}-label`}>
            <span id={`${id}-label`} className="cl-lab-hours__day">{label}</span>
            <label className="cl-lab-hours__time">
              <span className="cl-sr-only">{label}: abre</span>
              <span aria-hidden="true">Abre</span>
              <input type="time" className="p-inputtext" value={hours.value[day].opens} onChange={(e) => form.set(`hours.${day}`, { ...hours.value[day], opens: e.target.value })} disabled={form.disabled} aria-invalid={error ? true : undefined} data-day={day} data-edge="opens" />
            </label>
            <label className="cl-lab-hours__time">
              <span className="cl-sr-only">{label}: cierra</span>
              <span aria-hidden="true">Cierra</span>
              <input type="time" className="p-inputtext" value={hours.value[day].closes} onChange={(e) => form.set(`hours.${day}`, { ...hours.value[day], closes: e.target.value })} disabled={form.disabled} aria-invalid={error ? true : undefined} data-day={day} data-edge="closes" />
            </label>
            {error && <small className="cl-field__error cl-lab-hours__error" role="alert">{error}</small>}
          </div>
        );
      })}
      <Button type="button" label="Copiar el lunes a martes–viernes" icon="pi pi-copy" text size="small" onClick={copyMonday} disabled={form.disabled || !hours.value[1].opens} />
    </fieldset>
  );
}

/** Administrators only, on a new branch: the company it belongs to. */
function CompanyInput() {
  const [companies, setCompanies] = useState<{ label: string; value: number }[] | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider.companyOptions().then((page) => current && setCompanies(page.items.map((c) => ({ label: c.tradeName, value: c.id }))), () => current && setCompanies([]));
    return () => {
      current = false;
    };
  }, []);
  return <SelectInput source="companyId" label="Empresa" options={companies ?? []} loading={!companies} />;
}

/** The fields of a branch, shared by its create and edit screens. */
export function LaboratoryFields({ pickCompany = false }: { pickCompany?: boolean }) {
  const region = useField<number | null>('regionId');
  const comuna = useField<number | null>('comunaId');
  const insurerIds = useField<number[]>('insurerIds');
  const { regions, comunas } = usePlaces(region.value);
  const insurers = useInsurers();
  return (
    <>
      {pickCompany && <CompanyInput />}
      <div className="cl-form__row">
        <TextInput source="identifierName" label="Nombre de la sucursal" maxLength={200} placeholder="Laboratorio Central – Providencia" />
        <TextInput
          source="branchCode"
          label="Código de la sucursal"
          maxLength={40}
          placeholder="SUC-001"
          hint="El que usan tus listas de precios para nombrarla. Vacío: le damos el siguiente SUC-NNN."
        />
      </div>
      <div className="cl-form__row">
        <TextInput source="addressLine1" label="Dirección" maxLength={300} placeholder="Av. Providencia 1234" />
        <TextInput source="addressLine2" label="Oficina, piso o local (opcional)" maxLength={300} />
      </div>
      <div className="cl-form__row">
        <FormField id={region.id} label="Región" error={region.error}>
          <SelectBox
            inputId={region.id}
            value={region.value}
            options={(regions ?? []).map((r) => ({ label: r.name, value: r.id }))}
            onChange={(e) => {
              region.onChange(e.value as number);
              comuna.onChange(null);
            }}
            placeholder={regions ? 'Elige la región' : 'Cargando…'}
            filter
            disabled={region.disabled}
          />
        </FormField>
        <FormField id={comuna.id} label="Comuna" error={comuna.error}>
          <SelectBox
            inputId={comuna.id}
            value={comuna.value}
            options={(comunas ?? []).map((c) => ({ label: c.name, value: c.id }))}
            onChange={(e) => comuna.onChange(e.value as number)}
            placeholder={region.value === null ? 'Primero elige la región' : comunas ? 'Elige la comuna' : 'Cargando…'}
            filter
            disabled={comuna.disabled || region.value === null}
            invalid={Boolean(comuna.error)}
            aria-describedby={describedBy(comuna.id, comuna.error)['aria-describedby']}
          />
        </FormField>
      </div>
      <div className="cl-form__row">
        <CoordinateInput source="lat" label="Latitud (opcional)" min={-56} max={-17} />
        <CoordinateInput source="lng" label="Longitud (opcional)" min={-110} max={-66} />
      </div>
      <div className="cl-form__row">
        <TextInput source="phone" label="Teléfono" placeholder="+56 9 1234 5678" hint="Celular o fijo, con código de área." />
        <TextInput source="email" label="Correo electrónico" placeholder="contacto@milaboratorio.cl" />
      </div>
      <TextInput source="website" label="Sitio web" placeholder="https://www.milaboratorio.cl" maxLength={300} />
      <HoursFields />
      <div className="cl-form__row">
        <SelectInput source="fonasaLevel" label="Nivel FONASA (Modalidad Libre Elección)" options={FONASA_LEVELS} hint="El nivel en que atiende con bono FONASA. Con nivel, FONASA queda entre sus previsiones; sin nivel, no atiende con FONASA." />
        <FormField id={insurerIds.id} label="Previsiones que acepta" error={insurerIds.error}>
          <MultiSelect
            inputId={insurerIds.id}
            value={insurerIds.value}
            options={(insurers ?? []).map((i) => ({ label: i.name, value: i.id }))}
            onChange={(e) => insurerIds.onChange(e.value as number[])}
            placeholder={insurers ? 'Elige las previsiones' : 'Cargando…'}
            display="chip"
            filter
            disabled={insurerIds.disabled}
            selectedItemsLabel="{0} previsiones"
            maxSelectedLabels={4}
            className="cl-lab-insurers"
          />
        </FormField>
      </div>
      <HomeCollectionFields comunas={comunas} ownComunaId={comuna.value} />
      <VisitFeeFields />
    </>
  );
}

/**
 * What the branch charges apart from the exams (issue 30): the quote adds the sample taking the order needs once
 * per visit, and shows the surcharge with its hours. Empty: not charged.
 */
function VisitFeeFields() {
  return (
    <fieldset className="cl-levels cl-lab-fees">
      <legend>Cobros aparte de los exámenes</legend>
      <p className="cl-muted">Se suman una vez por visita a lo que paga el paciente en el buscador. Deja vacío lo que no cobras.</p>
      <div className="cl-form__row">
        <MoneyInput source="feeVenous" label="Toma de muestra venosa" />
        <MoneyInput source="feeCapillary" label="Toma de muestra capilar" />
        <MoneyInput source="feePediatric" label="Toma de muestra pediátrica" />
      </div>
      <div className="cl-form__row">
        <MoneyInput source="afterHoursFee" label="Recargo fuera de horario" hint="Se muestra con su horario; el paciente elige cuándo ir." />
        <TimeInput source="afterHoursFrom" label="Desde" />
        <TimeInput source="afterHoursUntil" label="Hasta" />
      </div>
    </fieldset>
  );
}

/**
 * Home collection: the one place where it is stated (the search's filter value "Toma de muestra a domicilio"
 * follows it). The comunas offered are the branch's region's; its own comuna is added when turned on.
 */
function HomeCollectionFields({ comunas, ownComunaId }: { comunas: Place[] | null; ownComunaId: number | null }) {
  const form = useContext(FormContext)!;
  const on = useField<boolean>('homeCollection');
  const ids = useField<number[]>('homeComunaIds');
  const fees = useField<Record<number, number>>('homeComunaFees');
  useEffect(() => {
    if (on.value && ids.value.length === 0 && ownComunaId !== null) form.set('homeComunaIds', [ownComunaId]);
    // Only when it is turned on: afterwards the comunas are the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on.value]);
  const own = Object.keys(fees.value).length;
  return (
    <fieldset className="cl-levels cl-lab-home">
      <legend>Toma de muestra a domicilio</legend>
      <SwitchInput source="homeCollection" label="Toma muestras a domicilio" hint="Se muestra en el buscador y se cobra en el checkout con este costo." />
      {on.value && (
        <div className="cl-form__row">
          <MoneyInput source="homeFee" label="Costo de la visita" />
          <FormField id={ids.id} label="Comunas donde toma muestras" error={ids.error}>
            <MultiSelect
              inputId={ids.id}
              value={ids.value}
              options={(comunas ?? []).map((c) => ({ label: c.name, value: c.id }))}
              onChange={(e) => ids.onChange(e.value as number[])}
              placeholder={comunas ? 'Elige las comunas' : 'Primero elige la región'}
              display="chip"
              filter
              disabled={ids.disabled}
              selectedItemsLabel="{0} comunas"
              maxSelectedLabels={6}
              className="cl-lab-insurers"
            />
          </FormField>
        </div>
      )}
      {on.value && own > 0 && <p className="cl-muted">{own === 1 ? '1 comuna tiene' : `${own} comunas tienen`} un costo propio, que se mantiene.</p>}
    </fieldset>
  );
}
