import type { CoveringPackage, CoveringPackagesRequest, HomeMedia, Page, ProductSearchRequest, ProductView } from '@contracts';
import { useApiQuery } from './hooks';

/** The storefront's packages (issue 13): the home page's banners and slides, the product lists and pages. */
export const useHomeMedia = () => useApiQuery<HomeMedia>('GET', '/api/media');

/** A list of sellable packages (general, offers, new); the home page's may come written in the HTML. */
export const useProducts = (request: ProductSearchRequest) => useApiQuery<Page<ProductView>>('POST', '/api/product/search', request);

/** One package, none asked while `productId` is null. */
export const useProduct = (productId: number | null) => useApiQuery<ProductView>('GET', productId === null ? null : `/api/product/${productId}`);

/** Packages that include every exam of an order for less, none asked while `request` is null. */
export const useCoveringPackages = (request: CoveringPackagesRequest | null) =>
  useApiQuery<CoveringPackage[]>('POST', request ? '/api/product/covering' : null, request);
