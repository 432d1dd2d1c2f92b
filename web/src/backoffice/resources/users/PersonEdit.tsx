import { FormShell } from '../../crud/FormShell';
import { PersonFields } from './fields';
import type { PersonKind } from './kinds';
import { emptyPerson, personInput, personValues, validatePerson } from './schema';

export function PersonEdit({ kind, id }: { kind: PersonKind; id: number }) {
  return (
    <FormShell
      resource={kind.resource}
      id={id}
      title={kind.resource === 'administrators' ? 'Editar administrador' : 'Editar usuario'}
      listPath={kind.basePath}
      empty={emptyPerson}
      fromRecord={personValues}
      toInput={personInput}
      validate={validatePerson}
      redirect={(person) => `${kind.basePath}/view/${person.id}`}
      savedMessage="Guardamos los cambios."
    >
      <PersonFields withEmail={false} />
    </FormShell>
  );
}
