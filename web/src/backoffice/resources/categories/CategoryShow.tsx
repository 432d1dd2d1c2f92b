import '../../crud/commerce.css';
import { Link } from 'react-router-dom';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';

export function CategoryShow({ id }: { id: number }) {
  return (
    <ShowShell resource="categories" id={id} listPath="/app/categories" title={(c) => c.name}>
      {(c) => (
        <>
          {c.cover && <img src={c.cover.urls[640] ?? c.cover.url} alt={`Portada de ${c.name}`} className="cl-show__cover" />}
          <Fields
            items={[
              ['Nombre', c.name],
              ['Identificador', c.slug],
              ['Descripción', c.description],
              ['Categoría superior', c.parent ? <Link to={`/app/categories/view/${c.parent.id}`}>{c.parent.name}</Link> : null],
              ['Productos', <Link to={`/app/products?categoryId=${c.id}`}>{c.productCount} {c.productCount === 1 ? 'producto' : 'productos'}</Link>],
              ['Orden', c.sortOrder],
              ['Estado', <span className={`cl-tag ${c.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{c.isActive ? 'Activa' : 'Inactiva'}</span>],
            ]}
          />
          <AuditTimeline entityType="Category" entityId={c.id} />
        </>
      )}
    </ShowShell>
  );
}
