export { PricingModule } from './pricing.module';
export * from './pricing.events';
export * from './pricing.errors';
/** For bulk imports: many prices set at once with the offer's rules, and the offers read for a dry run. */
export { offerMany, type PriceChange, type PriceOutcome } from './commands/offer-many/offer-many';
export { findOffersByPairs, pairKey, refreshOfferStatistics } from './infrastructure/laboratory-exam-batch';
export { STALE_AFTER_MONTHS } from './domain/freshness';
/** For the sale of a branch's prices (a checkout locks them in an order): its offers, whether it sells, its home fee. */
export { QuotedPrices, type QuotedPrice } from './queries/quoted-prices/quoted-prices';
