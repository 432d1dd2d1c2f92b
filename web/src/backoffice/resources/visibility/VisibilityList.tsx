import { useMutations } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';
import { personName, targetName } from './schema';

const BASE = '/app/maintainers/visibility';

/** /app/maintainers/visibility: which branches each provider user may see and manage. */
export default function VisibilityList() {
  const { remove } = useMutations('visibility');
  return (
    <ListShell
      resource="visibility"
      title="Visibilidad atributos"
      description="Qué sucursales ve y administra cada usuario de un laboratorio. Un usuario sin visibilidades por sucursal ve todas las sucursales de su empresa."
      basePath={BASE}
      noun={{ one: 'visibilidad', many: 'visibilidades' }}
      createLabel="Nueva visibilidad"
      rowName={(grant) => `${personName(grant)} · ${targetName(grant)}`}
      columns={[
        { header: 'Persona', body: personName },
        { header: 'Empresa', body: (grant) => grant.company?.tradeName ?? '—' },
        { header: 'Sucursal', body: targetName },
        { header: 'Estado', body: (grant) => <span className={`cl-tag ${grant.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{grant.isActive ? 'Activa' : 'Inactiva'}</span> },
      ]}
      csv={{
        filename: 'visibilidad.csv',
        columns: [
          { header: 'Persona', value: personName },
          { header: 'Empresa', value: (grant) => grant.company?.tradeName ?? '' },
          { header: 'Sucursal', value: targetName },
          { header: 'Activa', value: (grant) => (grant.isActive ? 'Sí' : 'No') },
        ],
      }}
      bulkActions={[
        {
          label: 'Eliminar',
          icon: 'pi pi-trash',
          confirm: (count) => `Se ${count === 1 ? 'eliminará la visibilidad' : `eliminarán ${count} visibilidades`}; sin visibilidades por sucursal, el usuario vuelve a ver toda su empresa.`,
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? 'Eliminamos la visibilidad.' : `Eliminamos ${count} visibilidades.`),
        },
      ]}
    />
  );
}
