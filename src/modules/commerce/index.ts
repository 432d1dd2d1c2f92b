export { CommerceModule } from './commerce.module';
/** For the orders feature: the products the storefront sells, priced for a moment. */
export { ProductCatalogue, type SellableProduct } from './products';
/** The sweep of unused uploads (run by the worker roles; tests call it directly). */
export { OrphanFileSweep } from './media';
