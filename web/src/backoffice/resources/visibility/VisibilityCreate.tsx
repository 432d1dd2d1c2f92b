import { FormShell } from '../../crud/FormShell';
import { VisibilityFields } from './fields';
import { emptyVisibility, validateVisibility, visibilityInput, visibilityValues } from './schema';

export default function VisibilityCreate() {
  return (
    <FormShell resource="visibility" title="Nueva visibilidad" listPath="/app/maintainers/visibility" empty={emptyVisibility} fromRecord={visibilityValues} toInput={visibilityInput} validate={validateVisibility} redirect={(grant) => `/app/maintainers/visibility/view/${grant.id}`} savedMessage="Guardamos la visibilidad.">
      <VisibilityFields />
    </FormShell>
  );
}
