import { FormShell } from '../../crud/FormShell';
import { TypeFields } from './fields';
import { emptyType, typeInput, typeValues } from './schema';

export default function SelectListCreate() {
  return (
    // To the edit screen once created: a list is used through its values, added there.
    <FormShell resource="select-lists" title="Nueva lista" listPath="/app/maintainers/select-lists" empty={emptyType} fromRecord={typeValues} toInput={typeInput} redirect={(type) => `/app/maintainers/select-lists/edit/${type.id}`} savedMessage="Creamos la lista. Agrega sus valores.">
      <TypeFields />
    </FormShell>
  );
}
