import type {
  LaboratoryCount, LaboratoryDetail, LaboratoryReportFilter, Page, ReportDashboard, ReportFilter, SearchHistoryExportRequest,
  SearchHistoryFilter, SearchHistoryRow, SearchResultsView, UnmetDemandFilter, UnmetDemandRow,
} from '@contracts';
import { api } from './client';
import { useApiQuery } from './hooks';

/*
 * The back office's reports (issue 12). Each hook asks nothing while its filter is null (a custom period
 * without both days). What they count, the storefront records through accessLog.ts.
 */

export const useReportDashboard = (filter: ReportFilter | null) => useApiQuery<ReportDashboard>('POST', filter ? '/api/reports/dashboard' : null, filter);

export const useUnmetDemand = (filter: UnmetDemandFilter | null) => useApiQuery<Page<UnmetDemandRow>>('POST', filter ? '/api/reports/unmet-demand' : null, filter);

export const useLaboratoriesReport = (filter: LaboratoryReportFilter | null) => useApiQuery<LaboratoryCount[]>('POST', filter ? '/api/reports/laboratories' : null, filter);

/** One branch's positions and days, none asked while no branch is chosen. */
export const useLaboratoryReport = (laboratoryId: number | null, filter: ReportFilter | null) =>
  useApiQuery<LaboratoryDetail>('POST', filter && laboratoryId ? `/api/reports/laboratories/${laboratoryId}` : null, filter);

export const useSearchHistory = (filter: SearchHistoryFilter | null) => useApiQuery<Page<SearchHistoryRow>>('POST', filter ? '/api/reports/search-history' : null, filter);

/** What one search showed, in order. */
export const useSearchResults = (id: string) => useApiQuery<SearchResultsView>('GET', `/api/reports/search-history/${id}`);

export const reportCalls = {
  /** The search history matching a filter, as a file (streamed by the server); blank fields are left out of the address. */
  exportSearchHistory(request: SearchHistoryExportRequest): Promise<void> {
    const query = new URLSearchParams(Object.entries(request).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
    return api.download(`/api/reports/search-history/export?${query}`, `busquedas.${request.format}`);
  },
};
