import type { ProductView } from '@contracts';
import { Link } from 'react-router-dom';
import { formatClp } from '../../../app/format';
import { ResponsiveImage } from './ProductImage';
import { productPath } from './productRoutes';

/** A package in a list: its picture, name, branch, exams count and price (the offer struck through). */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="cl-product-card">
      <div className="cl-product-card__media">
        {product.cover ? <ResponsiveImage image={product.cover} sizes="(max-width: 600px) 100vw, 320px" alt="" /> : <i className="pi pi-box" aria-hidden="true" />}
        {product.onOffer && <span className="cl-product-card__badge cl-product-card__badge--offer">Oferta</span>}
        {product.isNew && <span className="cl-product-card__badge">Nuevo</span>}
      </div>
      <div className="cl-product-card__body">
        <Heading className="cl-product-card__title">
          <Link to={productPath(product.id)} className="cl-product-card__link">{product.name}</Link>
        </Heading>
        <p className="cl-muted cl-product-card__lab">{product.laboratory.identifierName} · {product.laboratory.comuna}</p>
        <p className="cl-product-card__exams">{product.exams.length} {product.exams.length === 1 ? 'examen' : 'exámenes'}</p>
        <Price product={product} />
      </div>
    </article>
  );
}

/** The price a buyer pays now; with an offer, the regular price struck through and named for screen readers. */
export function Price({ product, large = false }: { product: ProductView; large?: boolean }) {
  return (
    <p className={`cl-price${large ? ' cl-price--large' : ''}`}>
      {product.onOffer && (
        <>
          <span className="cl-sr-only">Precio normal </span>
          <del className="cl-price__regular">{formatClp(product.regularPrice)}</del>{' '}
          <span className="cl-sr-only">, precio oferta </span>
        </>
      )}
      <strong className="cl-price__now">{formatClp(product.price)}</strong>
    </p>
  );
}
