export { OrderTermsModule } from './order-terms.module';
export * from './order-terms.errors';
