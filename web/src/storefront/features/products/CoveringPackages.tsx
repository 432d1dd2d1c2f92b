import { Link, useSearchParams } from 'react-router-dom';
import { formatClp } from '../../../app/format';
import { useCoveringPackages } from '../../../api/products';
import { filterFromUrl } from '../search/quoteFilter';
import { productPath } from './productRoutes';

/**
 * On /buscador, beside the quotes: packages that include every exam of the order and cost less than
 * the same branch charges for them one by one. Reads the order from the address, as the search does;
 * shows nothing when there is no order or no such package.
 */
export function CoveringPackages() {
  const [params] = useSearchParams();
  const { filter } = filterFromUrl(params);
  const body = filter.exams.length > 0
    ? { examIds: filter.exams, location: filter.location, nearLocations: filter.nearLocations, addedComunas: filter.addedComunas, locationFk: filter.locationFk }
    : null;
  const { data } = useCoveringPackages(body);
  if (!body || !data || data.length === 0) return null;
  return (
    <section className="cl-covering" aria-labelledby="covering-title">
      <h2 id="covering-title" className="cl-covering__title">
        <i className="pi pi-box" aria-hidden="true" /> {data.length === 1 ? 'Un paquete incluye tu orden por menos' : 'Paquetes que incluyen tu orden por menos'}
      </h2>
      <ul className="cl-covering__list">
        {data.map(({ product, separateTotal, savings, extraExams }) => (
          <li key={product.id} className="cl-covering__item">
            <div>
              <Link to={productPath(product.id)} className="cl-covering__name">{product.name}</Link>
              <p className="cl-muted cl-covering__lab">
                {product.laboratory.identifierName} · {product.laboratory.comuna}
                {extraExams > 0 && ` · incluye ${extraExams} ${extraExams === 1 ? 'examen' : 'exámenes'} más`}
              </p>
            </div>
            <p className="cl-covering__price">
              <strong>{formatClp(product.price)}</strong>
              <span className="cl-muted"> en vez de {formatClp(separateTotal)} por separado</span>
              <span className="cl-covering__savings">Ahorras {formatClp(savings)}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
