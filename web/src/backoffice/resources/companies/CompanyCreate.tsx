import { FormShell } from '../../crud/FormShell';
import { CompanyFields } from './CompanyForm';
import { companyInput, companyValues, emptyCompany, validateCompany } from './schema';

/** /app/company/new: a company an administrator creates is approved at once. */
export default function CompanyCreate() {
  return (
    <FormShell resource="companies" title="Nueva empresa" listPath="/app/company" empty={emptyCompany} fromRecord={companyValues} toInput={companyInput} validate={validateCompany} redirect={(c) => `/app/company/view/${c.id}`} savedMessage="Creamos la empresa; queda aprobada.">
      <CompanyFields />
    </FormShell>
  );
}
