import { Message } from 'primereact/message';
import { useAppSelector } from '../../../app/store';
import { FormShell } from '../../crud/FormShell';
import { PageHeader } from '../../crud/PageHeader';
import { CompanyFields } from '../companies/CompanyForm';
import { companyValues, emptyCompany, ownCompanyInput, validateCompany } from '../companies/schema';

/** /app/my-company/edit: a provider keeps its company's data (not its RUT); a rejected company only reads it. */
export default function MyCompanyEdit() {
  const companyId = useAppSelector((state) => state.auth.person?.company?.id ?? null);
  if (companyId === null) return <><PageHeader title="Editar mi empresa" /><Message severity="warn" text="Tu cuenta no pertenece a ninguna empresa." /></>;
  return (
    <FormShell
      resource="companies"
      id={companyId}
      title="Editar mi empresa"
      listPath="/app/my-company"
      empty={emptyCompany}
      fromRecord={companyValues}
      toInput={ownCompanyInput}
      validate={validateCompany}
      redirect={() => '/app/my-company'}
      readOnly={(c) => (c.status === 'REJECTED' ? 'Tu empresa fue rechazada: puedes consultar sus datos, pero no modificarlos.' : null)}
      savedMessage="Guardamos los datos de tu empresa."
    >
      <CompanyFields ownCompany />
    </FormShell>
  );
}
