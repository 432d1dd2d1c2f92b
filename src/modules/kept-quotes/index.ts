export { KeptQuotesModule } from './kept-quotes.module';
/** For the storefront's page of a kept quote (its status and preview). */
export { GetKeptQuoteQuery } from './queries/get-kept-quote/get-kept-quote.query';
/** Tests run its sweep at a chosen instant. */
export { KeptQuoteSweep, KEPT_AFTER_EXPIRY_DAYS } from './jobs/kept-quote-sweep.job';
