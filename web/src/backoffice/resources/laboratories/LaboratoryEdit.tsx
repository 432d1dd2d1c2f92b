import { FormShell } from '../../crud/FormShell';
import { LaboratoryFields } from './LaboratoryForm';
import { emptyLaboratory, laboratoryInput, laboratoryValues, validateLaboratory } from './schema';

export default function LaboratoryEdit({ id }: { id: number }) {
  return (
    <FormShell
      resource="laboratories"
      id={id}
      title="Editar sucursal"
      listPath="/app/laboratories"
      empty={emptyLaboratory}
      fromRecord={laboratoryValues}
      toInput={laboratoryInput}
      validate={validateLaboratory}
      redirect={(lab) => `/app/laboratories/view/${lab.id}`}
      savedMessage="Guardamos los datos de la sucursal."
    >
      <LaboratoryFields />
    </FormShell>
  );
}
