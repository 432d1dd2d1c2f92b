import { Link } from 'react-router-dom';
import { Message } from 'primereact/message';
import { useAppSelector } from '../../../app/store';
import { useResourceItem } from '../../crud/hooks';
import { PageHeader } from '../../crud/PageHeader';
import { CompanyDetails, CompanyStatusMessage } from '../companies/CompanyDetails';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/** /app/my-company: a provider's own company, its status first (pending, or rejected and why), then its data and branches. */
export default function MyCompanyShow() {
  const companyId = useAppSelector((state) => state.auth.person?.company?.id ?? null);
  const item = useResourceItem('companies', companyId);
  if (companyId === null) return <><PageHeader title="Mi empresa" /><Message severity="warn" text="Tu cuenta no pertenece a ninguna empresa." /></>;
  if (item.error) return <><PageHeader title="Mi empresa" /><Message severity="error" text={item.error.message} /></>;
  if (!item.record) return <><PageHeader title="Mi empresa" /><p className="cl-muted" aria-busy="true">Cargando…</p></>;
  const company = item.record;
  return (
    <>
      <PageHeader
        title={company.tradeName}
        actions={
          company.status !== 'REJECTED' && (
            <Link to="/app/my-company/edit" className="p-button p-button-outlined cl-link-btn">
              <i className="pi pi-pencil" aria-hidden="true" /> Editar
            </Link>
          )
        }
      />
      <CompanyStatusMessage company={company} own />
      <section className="cl-panel cl-show" aria-label="Detalle">
        <CompanyDetails company={company} />
      </section>
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
}
