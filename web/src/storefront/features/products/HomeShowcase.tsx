import type { ProductView } from '@contracts';
import { Link } from 'react-router-dom';
import { useHomeMedia, useProducts } from '../../../api/products';
import { ContentSlider, SlotContent } from './ContentSlider';
import { ProductCard } from './ProductCard';

/**
 * What the home page shows below the order form (never above it: on a phone the form stays on the
 * first screen): the live banners, the slides, and a few packages on offer and new.
 */
export function HomeShowcase() {
  const media = useHomeMedia();
  const offers = useProducts({ list: 'offers', perPage: 4 });
  const fresh = useProducts({ list: 'new', perPage: 4 });
  const banners = media.data?.banners ?? [];
  const sliders = media.data?.sliders ?? [];
  return (
    <>
      {(banners.length > 0 || sliders.length > 0) && (
        <div className="cl-container cl-showcase">
          {banners.length > 0 && (
            <section aria-label="Novedades" className="cl-banners">
              {banners.map((banner) => (
                <SlotContent key={banner.id} slot={banner} sizes={banners.length > 1 ? '(max-width: 960px) 100vw, 590px' : '(max-width: 1185px) 100vw, 1185px'} />
              ))}
            </section>
          )}
          <ContentSlider slides={sliders} />
        </div>
      )}
      <ProductRow title="Paquetes en oferta" id="home-offers" products={offers.data?.items ?? []} more="/paquetes?lista=ofertas" />
      <ProductRow title="Paquetes nuevos" id="home-new" products={fresh.data?.items ?? []} more="/paquetes?lista=nuevos" />
    </>
  );
}

function ProductRow({ title, id, products, more }: { title: string; id: string; products: ProductView[]; more: string }) {
  if (products.length === 0) return null;
  return (
    <section className="cl-container cl-product-row" aria-labelledby={id}>
      <div className="cl-product-row__head">
        <h2 id={id}>{title}</h2>
        <Link to={more}>Ver todos<span className="cl-sr-only"> los {title.toLowerCase()}</span></Link>
      </div>
      <ul className="cl-product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
