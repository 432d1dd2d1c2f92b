import { useEffect, useState } from 'react';
import { dataProvider } from '../../../api/dataProvider';
import { useField } from '../../crud/formContext';
import { SelectInput, SwitchInput } from '../../crud/inputs';

type Option = { label: string; value: number };
type PersonOption = Option & { companyId: number | null };

/** Options loaded once per dependency; null while loading. */
function useOptions<O extends Option>(load: (() => Promise<O[]>) | null, deps: unknown[]): O[] | null {
  const [options, setOptions] = useState<O[] | null>(null);
  useEffect(() => {
    let current = true;
    setOptions(null);
    if (!load) setOptions([]);
    else load().then((loaded) => current && setOptions(loaded), () => current && setOptions([]));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return options;
}

/** Who (a provider user), which company, and one of its branches or all of them. */
export function VisibilityFields() {
  const person = useField<number | null>('personId');
  const company = useField<number | null>('companyId');
  const laboratory = useField<number>('laboratoryId');
  const persons = useOptions<PersonOption>(
    () => dataProvider.getList('users', { profileCode: 'PRV', perPage: 100, orderBy: 'name' }).then((page) => page.items.map((p) => ({ label: p.company ? `${p.fullName} · ${p.company.tradeName}` : p.fullName, value: p.id, companyId: p.company?.id ?? null }))),
    [],
  );
  // A grant stays inside the person's company (the API refuses any other): choosing the person chooses it.
  useEffect(() => {
    const chosen = persons?.find((p) => p.value === person.value);
    if (chosen?.companyId && chosen.companyId !== company.value) company.onChange(chosen.companyId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [persons, person.value]);
  const companies = useOptions(() => dataProvider.companyOptions().then((page) => page.items.map((c) => ({ label: c.tradeName, value: c.id }))), []);
  const companyId = company.value;
  const laboratories = useOptions(
    companyId ? () => dataProvider.getList('laboratories', { companyId, perPage: 100 }).then((page) => page.items.map((l) => ({ label: l.identifierName, value: l.id }))) : null,
    [companyId],
  );
  // A branch of another company cannot stay chosen when the company changes.
  useEffect(() => {
    if (laboratories && laboratory.value !== 0 && !laboratories.some((l) => l.value === laboratory.value)) laboratory.onChange(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [laboratories]);
  return (
    <>
      <SelectInput source="personId" label="Usuario proveedor" options={persons ?? []} loading={!persons} />
      <SelectInput source="companyId" label="Empresa" hint="La de la persona elegida." options={companies ?? []} loading={!companies} />
      <SelectInput
        source="laboratoryId"
        label="Sucursal"
        hint="Con sucursales elegidas, el usuario solo ve y administra esas sucursales de su empresa (datos, precios y atributos). Sin ninguna, ve toda su empresa."
        options={[{ label: 'Toda la empresa', value: 0 }, ...(laboratories ?? [])]}
        loading={Boolean(companyId) && !laboratories}
      />
      <SwitchInput source="isActive" label="Activa" />
    </>
  );
}
