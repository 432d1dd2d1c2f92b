import { Fields, ShowShell } from '../../crud/ShowShell';
import { personName, targetName } from './schema';

export default function VisibilityShow({ id }: { id: number }) {
  return (
    <ShowShell resource="visibility" id={id} listPath="/app/maintainers/visibility" title={(grant) => `${personName(grant)} · ${targetName(grant)}`} remove={{ label: 'Eliminar', confirm: () => 'Se eliminará la visibilidad; sin visibilidades por sucursal, el usuario vuelve a ver toda su empresa.', done: 'Eliminamos la visibilidad.' }}>
      {(grant) => <Fields items={[['Persona', personName(grant)], ['Empresa', grant.company?.tradeName ?? '—'], ['Sucursal', targetName(grant)], ['Estado', grant.isActive ? 'Activa' : 'Inactiva']]} />}
    </ShowShell>
  );
}
