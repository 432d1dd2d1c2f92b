import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { itemAdded, sameLine } from '../features/cart/cartSlice';
import { formatClp, formatDate, shortExamName } from '../../app/format';
import { useProduct } from '../../api/products';
import { Price } from '../features/products/ProductCard';
import { ResponsiveImage } from '../features/products/ProductImage';
import NotFoundPage from '../../shared/ui/NotFoundPage';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../features/products/products.css';
import { LoadError } from '../../shared/ui/LoadError';

/** `/paquete/{id}`: a package, the branch where it is taken, its exams and its price today. */
export default function ProductPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const { data: product, error, retry } = useProduct(valid ? productId : null);
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((state) => !!product && state.cart.items.some((i) => sameLine(i, { id: product.id, kind: 'PRODUCT' })));
  usePageTitle(
    product ? `${product.name} · ${product.laboratory.identifierName}` : null,
    product ? `${product.name} en ${product.laboratory.identifierName} (${product.laboratory.comuna}): ${product.exams.length} exámenes por ${formatClp(product.price)}.` : undefined,
  );

  if (!valid || error?.envelope.code === 404) return <NotFoundPage />;
  if (error) {
    return <LoadError className="cl-container cl-block" message={error.message} retry={retry} />;
  }
  if (!product) return <div className="cl-container cl-muted cl-block" aria-busy="true">Cargando paquete…</div>;

  return (
    <div className="cl-container cl-product-page">
      <div className="cl-product-page__media">
        {product.cover ? <ResponsiveImage image={product.cover} sizes="(max-width: 960px) 100vw, 580px" alt="" eager /> : <i className="pi pi-box" aria-hidden="true" />}
      </div>
      <section className="cl-product-page__summary" aria-labelledby="product-title">
        {product.category && <p className="cl-muted" style={{ margin: 0 }}>{product.category.name}</p>}
        <h1 id="product-title">{product.name}</h1>
        <p style={{ margin: 0 }}>
          <i className="pi pi-building" aria-hidden="true" /> <Link to={`/laboratorio/${product.laboratory.id}`}>{product.laboratory.identifierName}</Link>
          <br />
          <span className="cl-muted">{product.laboratory.addressLine1}, {product.laboratory.comuna}</span>
        </p>
        <Price product={product} large />
        {inCart ? (
          <p className="cl-product-page__add">
            <i className="pi pi-check" aria-hidden="true" /> El paquete está en tu carro. <Link to="/checkout">Ir a pagar</Link>
          </p>
        ) : (
          <Button
            label="Agregar al carro"
            icon="pi pi-cart-plus"
            className="cl-product-page__add"
            onClick={() => {
              // One order is of one laboratory: the cart asks before mixing this branch with another's exams.
              dispatch(
                itemAdded({
                  id: product.id, kind: 'PRODUCT', name: product.name, categoryName: product.laboratory.identifierName, laboratoryId: product.laboratory.id,
                  cover: product.cover?.url ?? '', description: product.exams.map((e) => shortExamName(e.name)).join(', '), price: product.price, code: product.code, options: [], quantity: 1,
                }),
              );
            }}
          />
        )}
        {product.onOffer && product.offerEndsAt && <p className="cl-product-page__offer">Oferta válida hasta el {formatDate(new Date(new Date(product.offerEndsAt).getTime() - 1).toISOString())}</p>}
        <h2 style={{ margin: '8px 0 0', fontSize: '1.1rem' }}>Incluye {product.exams.length} {product.exams.length === 1 ? 'examen' : 'exámenes'}</h2>
        <ul className="cl-product-page__exams">
          {product.exams.map((exam) => (
            <li key={exam.id}>{shortExamName(exam.name)}</li>
          ))}
        </ul>
      </section>
      {product.description && (
        <section className="cl-product-page__details" aria-labelledby="product-details">
          <h2 id="product-details">Detalle y preparación</h2>
          <p>{product.description}</p>
        </section>
      )}
    </div>
  );
}
