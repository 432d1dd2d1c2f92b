export { PricingModule } from './pricing.module';
export * from './pricing.events';
export * from './pricing.errors';
