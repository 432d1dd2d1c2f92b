import '../../crud/commerce.css';
import { Link } from 'react-router-dom';
import { formatClp, formatDate, shortExamName } from '../../../app/format';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { useAppSelector } from '../../../app/store';

const lastDay = (iso: string) => formatDate(new Date(new Date(iso).getTime() - 1).toISOString());

export function ProductShow({ id }: { id: number }) {
  // The audit trail of products is read by administrators (the audit search scopes providers to companies, branches, prices and persons).
  const isAdmin = useAppSelector((state) => state.auth.person?.profile?.code === 'ADM');
  return (
    <ShowShell
      resource="products"
      id={id}
      listPath="/app/products"
      title={(p) => p.name}
      remove={{ label: 'Eliminar', confirm: (p) => `${p.name} se eliminará de la tienda. Las órdenes ya pagadas lo conservan.`, done: 'Eliminamos el producto.' }}
      extraActions={(p) =>
        p.isActive ? (
          <Link to={`/paquete/${p.id}`} className="p-button p-button-text cl-link-btn" target="_blank" rel="noopener">
            <i className="pi pi-external-link" aria-hidden="true" /> Ver en la tienda
          </Link>
        ) : null
      }
    >
      {(p) => (
        <>
          {p.cover && <img src={p.cover.urls[640] ?? p.cover.url} alt={`Portada de ${p.name}`} className="cl-show__cover" />}
          <Fields
            items={[
              ['Código', p.code],
              ['Nombre', p.name],
              ['Categoría', p.category?.name],
              ['Empresa', p.company.tradeName],
              ['Sucursal', `${p.laboratory.identifierName}, ${p.laboratory.addressLine1}, ${p.laboratory.comuna}`],
              ['Exámenes', <ul className="cl-chips">{p.exams.map((e) => <li key={e.id}>{shortExamName(e.name)}</li>)}</ul>],
              ['Precio', formatClp(p.regularPrice)],
              ['Precio neto', formatClp(p.netPrice)],
              ['Oferta', p.offerPrice === null ? null : `${formatClp(p.offerPrice)}${p.offerStartsAt ? ` desde el ${formatDate(p.offerStartsAt)}` : ''}${p.offerEndsAt ? ` hasta el ${lastDay(p.offerEndsAt)}` : ''}${p.onOffer ? ' (vigente)' : ' (no vigente)'}`],
              ['Precio hoy', formatClp(p.price)],
              ['Descripción', p.description],
              ['Estado', <span className="cl-tags"><span className={`cl-tag ${p.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{p.isActive ? 'A la venta' : 'No a la venta'}</span>{p.isNew && <span className="cl-tag">Nuevo</span>}</span>],
            ]}
          />
          {isAdmin && <AuditTimeline entityType="Product" entityId={p.id} />}
        </>
      )}
    </ShowShell>
  );
}
