import type { ResourceScreens } from '../types';
import ReportsDashboard from './ReportsDashboard';

/** /app/reports: the dashboard (its history screens are entries of their own: reports/searchHistory, reports/resultHistory). */
export default { list: ReportsDashboard } satisfies ResourceScreens;
