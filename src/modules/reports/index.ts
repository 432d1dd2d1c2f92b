export { ReportsModule } from './reports.module';
export type { SearchHistoryJob } from './jobs/search-history.writer';
