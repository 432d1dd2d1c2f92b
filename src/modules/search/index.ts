export { SearchModule } from './search.module';
export { SEARCH_INDEX, type QuoteQuery, type SearchIndex } from './search-index';
export { announceSearchChange } from './search-changes';
