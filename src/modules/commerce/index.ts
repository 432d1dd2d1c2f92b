export { CommerceModule } from './commerce.module';
/** For the orders feature: the products the storefront sells, priced for a moment. */
export { ProductCatalogue, type SellableProduct } from './products';
/** Settles payments and refunds whose gateway answer was never recorded (worker roles; tests call it directly). */
export { PaymentReconciliationJob } from './orders';
/** The sweep of unused uploads (run by the worker roles; tests call it directly). */
export { OrphanFileSweep } from './media';
/** For the storefront's server-written home page (issue 18): its showcase's answers, preloaded into the HTML. */
export { GetHomeMediaQuery } from './content/queries/get-home-media/get-home-media.query';
export { SearchProductsQuery } from './products/queries/search-products/search-products.query';
export { searchProductsBody } from './products/http/products.schemas';
/** For webhooks (issue 27, item 4): a laboratory's system hears of its paid and redeemed orders. */
export { SalesOrderPaid, SalesOrderRedeemed } from './orders';
