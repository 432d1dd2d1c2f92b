export { ProductsModule } from './products.module';
export { ProductCatalogue, type SellableProduct } from './product-catalogue';
