import type { Company } from '@contracts';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { useCompanyBranches } from '../../../api/dataProvider';
import { formatRut } from '../../../app/format';
import { Fields } from '../../crud/ShowShell';
import { StatusTag } from './status';

/**
 * The state of a company, said where it cannot be missed: waiting (what it may do meanwhile),
 * rejected (why, and that it is read-only), approved.
 */
export function CompanyStatusMessage({ company, own }: { company: Company; own: boolean }) {
  const who = own ? 'Tu empresa' : 'La empresa';
  if (company.status === 'PENDING') {
    return (
      <Message
        severity="warn"
        className="cl-company-status"
        text={own
          ? 'Tu empresa está pendiente de aprobación. Puedes completar sus datos, sucursales y precios, pero no se publicarán ni podrás invitar a otros usuarios hasta que un administrador la apruebe.'
          : 'Empresa pendiente de aprobación: sus sucursales y precios no se publican hasta que la apruebes.'}
      />
    );
  }
  if (company.status === 'REJECTED') {
    return (
      <Message
        severity="error"
        className="cl-company-status"
        content={
          <div>
            <strong>{who} fue rechazada.</strong> {company.decisionReason ? <>Motivo: {company.decisionReason}</> : null}
            {own && <p className="cl-no-margin">Puedes consultar lo que registraste, pero no modificarlo. <Link to="/contacto">Escríbenos</Link> para revisarlo.</p>}
          </div>
        }
      />
    );
  }
  return <Message severity="success" className="cl-company-status" text={own ? 'Tu empresa está aprobada: sus precios autorizados aparecen en las cotizaciones.' : 'Empresa aprobada: sus precios autorizados aparecen en las cotizaciones.'} />;
}

/** The company's data and its branches, as the administrator's and the provider's views show them. */
export function CompanyDetails({ company }: { company: Company }) {
  const branches = useCompanyBranches(company.id);
  return (
    <>
      <Fields
        items={[
          ['Estado', <StatusTag status={company.status} />],
          ['RUT', formatRut(company.rut)],
          ['Razón social', company.legalName],
          ['Nombre de fantasía', company.tradeName],
          ['Correo', company.email],
          ['Teléfono', company.phone],
          ['Sitio web', company.website],
          ['Dirección', company.addressLine],
          ['Comuna', company.comuna ? `${company.comuna.name}${company.comuna.parent ? `, ${company.comuna.parent.name}` : ''}` : null],
          ['Registrada', new Date(company.createdAt).toLocaleDateString('es-CL')],
          ['Aprobada', company.approvedAt ? new Date(company.approvedAt).toLocaleDateString('es-CL') : null],
        ]}
      />
      <h2 className="cl-section-title">Sucursales</h2>
      {branches.error && <Message severity="error" text={branches.error.message} />}
      {branches.loading && <p className="cl-muted" aria-busy="true">Cargando sucursales…</p>}
      {branches.data && branches.data.total === 0 && <p className="cl-muted">Todavía no tiene sucursales registradas.</p>}
      {branches.data && branches.data.total > 0 && (
        <div className="cl-table-scroll">
          <table className="cl-levels-table cl-branches">
            <caption className="cl-sr-only">Sucursales de {company.tradeName}</caption>
            <thead>
              <tr>
                <th scope="col">Sucursal</th>
                <th scope="col">Dirección</th>
                <th scope="col">Comuna</th>
                <th scope="col" className="cl-num">Exámenes</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {branches.data.items.map((b) => (
                <tr key={b.id}>
                  <th scope="row"><Link to={`/app/laboratories/view/${b.id}`}>{b.identifierName}</Link></th>
                  <td data-label="Dirección">{b.addressLine1}</td>
                  <td data-label="Comuna">{b.comuna?.name}</td>
                  <td data-label="Exámenes" className="cl-num">{b.examCount}</td>
                  <td data-label="Estado">{b.isActive ? 'Activa' : 'Cerrada'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
