import { useAppSelector } from '../../../app/store';
import { FormShell } from '../../crud/FormShell';
import { LaboratoryFields } from './LaboratoryForm';
import { emptyLaboratory, laboratoryInput, laboratoryValues, validateLaboratory } from './schema';

export default function LaboratoryCreate() {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile.code === 'ADM');
  return (
    <FormShell resource="laboratories" title="Nueva sucursal" listPath="/app/laboratories" empty={emptyLaboratory} fromRecord={laboratoryValues} toInput={laboratoryInput} validate={validateLaboratory} redirect={(lab) => `/app/laboratories/view/${lab.id}`} savedMessage="Registramos la sucursal.">
      <LaboratoryFields pickCompany={isAdmin} />
    </FormShell>
  );
}
