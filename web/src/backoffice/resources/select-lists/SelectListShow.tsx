import { ChildrenShell } from '../../crud/ChildrenShell';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { CHILD_COLUMNS } from './fields';
import { FLAGS } from './schema';

export default function SelectListShow({ id }: { id: number }) {
  return (
    <ShowShell resource="select-lists" id={id} listPath="/app/maintainers/select-lists" title={(type) => type.name} remove={{ label: 'Eliminar', confirm: () => 'Se eliminará la lista con sus valores, y los laboratorios dejarán de mostrarlos.', done: 'Eliminamos la lista.' }}>
      {(type) => (
        <>
          <Fields items={[['Código', type.code], ['Orden', type.sortOrder], ...FLAGS.map((f): [string, string] => [f.label, type[f.flag] ? 'Sí' : 'No'])]} />
          <ChildrenShell resource="select-list-children" title="Valores" noun={{ one: 'valor', many: 'valores' }} rows={type.children} columns={CHILD_COLUMNS} rowName={(c) => c.name} />
        </>
      )}
    </ShowShell>
  );
}
