export { SearchModule } from './search.module';
export { SEARCH_INDEX, type QuoteQuery, type SearchIndex } from './search-index';
export { announceSearchChange } from './search-changes';
/** For other modules that quote an order as /buscador does (a kept quote, issue 30). */
export { SearchLaboratoriesQuery } from './queries/search-laboratories/search-laboratories.query';
export { quoteRequestSchema } from './http/quote-request';
