import '../../crud/commerce.css';
import { formatClp } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { useMutations } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';
import { useCategoryOptions } from '../categories/CategoryForm';

const STATUSES = [
  { label: 'A la venta', value: 'active' },
  { label: 'No a la venta', value: 'inactive' },
  { label: 'Todos', value: 'all' },
];

export function ProductList() {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile?.code === 'ADM');
  const categories = useCategoryOptions();
  const { remove } = useMutations('products');
  return (
    <ListShell
      resource="products"
      title={isAdmin ? 'Productos' : 'Mis productos'}
      basePath="/app/products"
      noun={{ one: 'producto', many: 'productos' }}
      createLabel="Nuevo producto"
      defaultSort={{ orderBy: 'name', orderSort: 'asc' }}
      rowName={(p) => p.name}
      filters={[
        { name: 'term', label: 'Buscar', type: 'text' },
        { name: 'categoryId', label: 'Categoría', type: 'select', options: (categories ?? []).map((c) => ({ label: c.label, value: String(c.value) })), parse: Number },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES, defaultValue: 'all' },
      ]}
      columns={[
        { header: 'Código', sortKey: 'code', nowrap: true, body: (p) => p.code },
        { header: 'Nombre', sortKey: 'name', body: (p) => p.name },
        { header: 'Sucursal', body: (p) => p.laboratory.identifierName },
        { header: 'Exámenes', numeric: true, body: (p) => p.exams.length },
        { header: 'Precio', sortKey: 'price', numeric: true, body: (p) => (p.onOffer ? <><del className="cl-muted">{formatClp(p.regularPrice)}</del> {formatClp(p.price)}</> : formatClp(p.price)) },
        {
          header: 'Estado',
          body: (p) => (
            <span className="cl-tags">
              <span className={`cl-tag ${p.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{p.isActive ? 'A la venta' : 'No a la venta'}</span>
              {p.onOffer && <span className="cl-tag">Oferta</span>}
              {p.isNew && <span className="cl-tag">Nuevo</span>}
            </span>
          ),
        },
      ]}
      csv={{
        filename: 'productos.csv',
        columns: [
          { header: 'Código', value: (p) => p.code },
          { header: 'Nombre', value: (p) => p.name },
          { header: 'Empresa', value: (p) => p.company.tradeName },
          { header: 'Sucursal', value: (p) => p.laboratory.identifierName },
          { header: 'Categoría', value: (p) => p.category?.name },
          { header: 'Exámenes', value: (p) => p.exams.map((e) => e.code).join(' ') },
          { header: 'Precio', value: (p) => p.regularPrice },
          { header: 'Precio neto', value: (p) => p.netPrice },
          { header: 'Precio oferta', value: (p) => p.offerPrice },
          { header: 'A la venta', value: (p) => (p.isActive ? 'Sí' : 'No') },
        ],
      }}
      bulkActions={[
        {
          label: 'Eliminar',
          icon: 'pi pi-trash',
          confirm: (count) => (count === 1 ? 'El producto se eliminará de la tienda. Las órdenes ya pagadas lo conservan.' : `Los ${count} productos se eliminarán de la tienda. Las órdenes ya pagadas los conservan.`),
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? 'Eliminamos el producto.' : `Eliminamos ${count} productos.`),
        },
      ]}
    />
  );
}
