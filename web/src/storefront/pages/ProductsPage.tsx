import { Paginator } from 'primereact/paginator';
import { Link, useSearchParams } from 'react-router-dom';
import { useProducts } from '../../api/products';
import { ProductCard } from '../features/products/ProductCard';
import { PRODUCT_LISTS } from '../features/products/productRoutes';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../features/products/products.css';
import { LoadError } from '../../shared/ui/LoadError';

const PER_PAGE = 12;

/** `/paquetes`: the general, offers and new-products lists (spec §1), the list and page in the address. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const shown = PRODUCT_LISTS.find((l) => l.slug === params.get('lista')) ?? PRODUCT_LISTS[0];
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  usePageTitle(shown.slug === 'todos' ? 'Paquetes de exámenes' : `${shown.label}: paquetes de exámenes`, 'Paquetes de exámenes de laboratorio a precio conjunto: chequeos preventivos, perfiles y controles, con sus ofertas vigentes.');
  const { data, loading, error, retry } = useProducts({ list: shown.list, currentPage: page, perPage: PER_PAGE });

  return (
    <div className="cl-container cl-products-page">
      <h1 className="cl-page-title">Paquetes de exámenes</h1>
      <nav aria-label="Listas de paquetes">
        <ul className="cl-list-tabs">
          {PRODUCT_LISTS.map((l) => (
            <li key={l.slug}>
              <Link to={l.slug === 'todos' ? '/paquetes' : `/paquetes?lista=${l.slug}`} aria-current={l.slug === shown.slug ? 'page' : undefined}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {error && (
        <LoadError message={error.message} retry={retry} />
      )}
      {!data && loading && <p className="cl-muted" aria-busy="true">Cargando paquetes…</p>}
      {data && (
        <>
          <p className="cl-muted" aria-live="polite">{data.total === 0 ? 'No hay paquetes en esta lista por ahora.' : `${data.total} ${data.total === 1 ? 'paquete' : 'paquetes'}`}</p>
          <ul className="cl-product-grid" aria-label={shown.label}>
            {data.items.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} headingLevel={2} />
              </li>
            ))}
          </ul>
          {data.lastPage > 1 && (
            <Paginator
              first={(page - 1) * PER_PAGE}
              rows={PER_PAGE}
              totalRecords={data.total}
              onPageChange={(e) => {
                const next = new URLSearchParams(params);
                next.set('pagina', String(e.page + 1));
                setParams(next);
              }}
              template="PrevPageLink CurrentPageReport NextPageLink"
              currentPageReportTemplate="Página {currentPage} de {totalPages}"
              className="cl-block"
            />
          )}
        </>
      )}
    </div>
  );
}
