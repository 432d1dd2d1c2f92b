export { StorefrontModule } from './storefront.module';
export { SERVER_PAGES } from './http/storefront-pages.controller';
