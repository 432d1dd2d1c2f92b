export { ReportsModule } from './reports.module';
export type { SearchHistoryBatch, SearchHistoryJob } from './jobs/search-history.writer';
