import { ListShell } from '../../crud/ListShell';

const STATUSES = [
  { label: 'Activas', value: 'active' },
  { label: 'Inactivas', value: 'inactive' },
  { label: 'Todas', value: 'all' },
];

export function CategoryList() {
  return (
    <ListShell
      resource="categories"
      title="Categorías"
      basePath="/app/categories"
      noun={{ one: 'categoría', many: 'categorías' }}
      createLabel="Nueva categoría"
      defaultSort={{ orderBy: 'sortOrder', orderSort: 'asc' }}
      rowName={(c) => c.name}
      filters={[
        { name: 'term', label: 'Buscar', type: 'text' },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES, defaultValue: 'all' },
      ]}
      columns={[
        { header: 'Nombre', sortKey: 'name', body: (c) => c.name },
        { header: 'Categoría superior', body: (c) => c.parent?.name ?? <span className="cl-muted">—</span> },
        { header: 'Productos', numeric: true, body: (c) => c.productCount },
        { header: 'Orden', sortKey: 'sortOrder', numeric: true, body: (c) => c.sortOrder },
        { header: 'Estado', body: (c) => <span className={`cl-tag ${c.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{c.isActive ? 'Activa' : 'Inactiva'}</span> },
      ]}
      csv={{
        filename: 'categorias.csv',
        columns: [
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Identificador', value: (c) => c.slug },
          { header: 'Categoría superior', value: (c) => c.parent?.name },
          { header: 'Productos', value: (c) => c.productCount },
          { header: 'Estado', value: (c) => (c.isActive ? 'Activa' : 'Inactiva') },
        ],
      }}
    />
  );
}
