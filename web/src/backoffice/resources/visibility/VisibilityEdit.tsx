import { FormShell } from '../../crud/FormShell';
import { VisibilityFields } from './fields';
import { emptyVisibility, validateVisibility, visibilityInput, visibilityValues } from './schema';

export default function VisibilityEdit({ id }: { id: number }) {
  return (
    <FormShell resource="visibility" id={id} title="Editar visibilidad" listPath="/app/maintainers/visibility" empty={emptyVisibility} fromRecord={visibilityValues} toInput={visibilityInput} validate={validateVisibility} redirect={(grant) => `/app/maintainers/visibility/view/${grant.id}`} savedMessage="Guardamos la visibilidad.">
      <VisibilityFields />
    </FormShell>
  );
}
