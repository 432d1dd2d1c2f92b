import { ChildrenShell } from '../../crud/ChildrenShell';
import { FormShell } from '../../crud/FormShell';
import { useResourceItem } from '../../crud/hooks';
import { CHILD_COLUMNS, ChildFields, TypeFields } from './fields';
import { childInput, childValues, emptyChild, emptyType, typeInput, typeValues } from './schema';

export default function SelectListEdit({ id }: { id: number }) {
  const { record, reload } = useResourceItem('select-lists', id);
  return (
    <>
      <FormShell resource="select-lists" id={id} title="Editar lista" listPath="/app/maintainers/select-lists" empty={emptyType} fromRecord={typeValues} toInput={typeInput} redirect={(type) => `/app/maintainers/select-lists/view/${type.id}`} savedMessage="Guardamos la lista.">
        <TypeFields />
      </FormShell>
      {record && (
        <ChildrenShell
          resource="select-list-children"
          title="Valores"
          noun={{ one: 'valor', many: 'valores' }}
          rows={record.children}
          columns={CHILD_COLUMNS}
          rowName={(c) => c.name}
          edit={{ empty: emptyChild, fromRow: childValues, toInput: childInput(id), onChanged: reload, fields: <ChildFields /> }}
        />
      )}
    </>
  );
}
