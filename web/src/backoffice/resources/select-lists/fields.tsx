import type { SelectListChild } from '@contracts';
import type { ColumnDef } from '../../crud/ListShell';
import { NumberInput, SwitchInput, TextInput } from '../../crud/inputs';
import { FLAGS } from './schema';

export function TypeFields() {
  return (
    <>
      <div className="cl-form__row">
        <TextInput source="name" label="Nombre" maxLength={120} />
        <TextInput source="code" label="Código" hint="Mayúsculas, números y _ (ej.: MEDIOS_PAGO)." maxLength={60} />
      </div>
      <NumberInput source="sortOrder" label="Orden" max={10000} />
      {FLAGS.map((f) => <SwitchInput key={f.flag} source={f.flag} label={f.label} />)}
    </>
  );
}

export function ChildFields() {
  return (
    <>
      <TextInput source="name" label="Nombre" maxLength={200} />
      <TextInput source="code" label="Código" hint="Mayúsculas, números y _ (ej.: TOMA_DOMICILIO)." maxLength={60} />
      <NumberInput source="sortOrder" label="Orden" max={10000} />
      <SwitchInput source="isActive" label="Activo" />
    </>
  );
}

export const CHILD_COLUMNS: ColumnDef<SelectListChild>[] = [
  { header: 'Nombre', body: (c) => c.name },
  { header: 'Código', body: (c) => c.code },
  { header: 'Orden', numeric: true, body: (c) => c.sortOrder },
  { header: 'Estado', body: (c) => <span className={`cl-tag ${c.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{c.isActive ? 'Activo' : 'Inactivo'}</span> },
];
