import type { SelectListType } from '@contracts';
import { dataProvider } from '../../../api/dataProvider';
import { ActionSwitch } from '../../crud/ActionSwitch';
import { useMutations, useNotify } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';
import { FLAGS } from './schema';

export default function SelectListList() {
  const { remove, saved } = useMutations('select-lists');
  const notify = useNotify();
  return (
    <ListShell
      resource="select-lists"
      title="Listas Seleccionables Tipo"
      basePath="/app/maintainers/select-lists"
      noun={{ one: 'lista', many: 'listas' }}
      createLabel="Nueva lista"
      defaultSort={{ orderBy: 'sortOrder', orderSort: 'asc' }}
      rowName={(type) => type.name}
      filters={[{ name: 'name', label: 'Nombre', type: 'text' }]}
      columns={[
        { header: 'Nombre', sortKey: 'name', body: (type) => type.name },
        { header: 'Código', sortKey: 'code', body: (type) => type.code },
        { header: 'Valores', numeric: true, body: (type) => type.children.length },
        ...FLAGS.map(({ flag, column, label }) => ({
          header: column,
          body: (type: SelectListType) => (
            <ActionSwitch
              checked={type[flag]}
              label={`${label}: ${type.name}`}
              run={(value) => dataProvider.custom('select-lists', `update-${flag}`, type.id, { value })}
              onDone={(record, value) => {
                saved(record);
                notify({ severity: 'success', summary: `${type.name}: ${label.toLowerCase()} ${value ? 'activado' : 'desactivado'}.` });
              }}
            />
          ),
        })),
      ]}
      csv={{
        filename: 'listas-seleccionables.csv',
        columns: [
          { header: 'Código', value: (type) => type.code },
          { header: 'Nombre', value: (type) => type.name },
          { header: 'Valores', value: (type) => type.children.map((c) => c.name).join(', ') },
          ...FLAGS.map(({ flag, column }) => ({ header: column, value: (type: SelectListType) => (type[flag] ? 'Sí' : 'No') })),
        ],
      }}
      bulkActions={[
        {
          label: 'Eliminar',
          icon: 'pi pi-trash',
          confirm: (count) => `Se ${count === 1 ? 'eliminará la lista' : `eliminarán ${count} listas`} con sus valores, y los laboratorios dejarán de mostrarlos.`,
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? 'Eliminamos la lista.' : `Eliminamos ${count} listas.`),
        },
      ]}
    />
  );
}
