export { PricingModule } from './pricing.module';
export * from './pricing.events';
export * from './pricing.errors';
/** For bulk imports: the offer aggregate and its repository for many offers at once. */
export { LaboratoryExam } from './domain/laboratory-exam';
export { confirmOffers, findOffersByPairs, saveOffers, pairKey } from './infrastructure/laboratory-exam-batch';
export { STALE_AFTER_MONTHS } from './domain/freshness';
