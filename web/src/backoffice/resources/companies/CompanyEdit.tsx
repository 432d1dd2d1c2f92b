import { FormShell } from '../../crud/FormShell';
import { CompanyFields } from './CompanyForm';
import { companyInput, companyValues, emptyCompany, validateCompany } from './schema';

export default function CompanyEdit({ id }: { id: number }) {
  return (
    <FormShell resource="companies" id={id} title="Editar empresa" listPath="/app/company" empty={emptyCompany} fromRecord={companyValues} toInput={companyInput} validate={validateCompany} redirect={(c) => `/app/company/view/${c.id}`} savedMessage="Guardamos los cambios de la empresa.">
      <CompanyFields />
    </FormShell>
  );
}
