/**
 * The reports (issue 12): what people search, what they were shown, and where demand goes unmet.
 * Days are Chilean calendar days as `YYYY-MM-DD`; periods include both ends.
 */

export type ReportPreset = 'today' | '7d' | '30d' | 'custom';

/** The period and region of a report request. */
export interface ReportFilter {
  preset: ReportPreset;
  /** With `custom`: first and last day. */
  from?: string;
  to?: string;
  regionId?: number;
}

export interface ReportPeriod {
  from: string;
  to: string;
}

export interface SearchDay {
  day: string;
  searches: number;
  noResult: number;
  incomplete: number;
}

export interface VisitDay {
  day: string;
  visits: number;
  sessions: number;
  /** Distinct signed-in persons that day. */
  signedIn: number;
}

export interface ExamCount {
  examId: number;
  name: string;
  searches: number;
  /** Browsing sessions that asked for it (each once per day and comuna). */
  sessions: number;
}

export interface ComunaCount {
  comunaId: number;
  name: string;
  searches: number;
}

export interface LaboratoryCount {
  laboratoryId: number;
  name: string;
  comuna: string | null;
  impressions: number;
  /** Mean position shown (1 is first); null when never shown. */
  avgPosition: number | null;
  /** Times shown among the first three. */
  top3: number;
  /** Times its public page was opened. */
  opens: number;
}

/** Browsing sessions (per day) that reached each step. */
export interface Funnel {
  sessions: number;
  searched: number;
  openedLaboratory: number;
  addedToCart: number;
  /**
   * Orders paid in the period (in the region's branches when one is chosen). Counted by order, not by
   * browsing session: a payment happens on the gateway's page, outside the session's trail.
   */
  paidOrders: number;
}

/** `POST /api/reports/dashboard` for an administrator. */
export interface ReportDashboard {
  period: ReportPeriod;
  regionId: number | null;
  totals: { searches: number; noResult: number; incomplete: number; avgTookMs: number | null; visits: number; sessions: number };
  searchesPerDay: SearchDay[];
  /** Visits are not tied to a region: this series is the whole site's. */
  visitsPerDay: VisitDay[];
  topExams: ExamCount[];
  topComunas: ComunaCount[];
  laboratoriesShown: LaboratoryCount[];
  laboratoriesOpened: LaboratoryCount[];
  funnel: Funnel;
}

export type SearchOutcome = 'NONE' | 'INCOMPLETE' | 'COMPLETE';

/** `POST /api/reports/search-history` (administrators only: it names people). */
export interface SearchHistoryFilter extends ReportFilter {
  examId?: number;
  comunaId?: number;
  insurerId?: number;
  outcome?: SearchOutcome;
  personId?: number;
  session?: string;
  orderBy?: 'createdAt' | 'resultCount' | 'tookMs';
  orderSort?: 'asc' | 'desc';
  currentPage?: number;
  perPage?: number;
}

/** `GET /api/reports/search-history/export?...`: the history's filter as the query string (no paging), and the file's format. */
export type SearchHistoryExportRequest = Omit<SearchHistoryFilter, 'currentPage' | 'perPage'> & { format: 'csv' | 'xlsx' };

export interface SearchHistoryRow {
  /** A bigint, as text. */
  id: string;
  createdAt: string;
  session: string | null;
  person: { id: number; fullName: string; email: string } | null;
  exams: { id: number; name: string }[];
  comuna: string | null;
  region: string | null;
  withNearLocations: boolean;
  insurer: string | null;
  coveragePercentage: number | null;
  resultCount: number;
  outcome: SearchOutcome;
  tookMs: number;
}

/** One laboratory as a search showed it. */
export interface ShownLaboratory {
  position: number;
  laboratoryId: number;
  name: string;
  comuna: string | null;
  total: number | null;
  copay: number | null;
  offersAll: boolean | null;
}

/** `GET /api/reports/search-history/:id`: the search and what it showed, in order. */
export interface SearchResultsView {
  search: SearchHistoryRow;
  results: ShownLaboratory[];
}

/** `POST /api/reports/laboratories`: how each branch was shown and opened (a provider: its own). */
export interface LaboratoryReportFilter extends ReportFilter {
  laboratoryId?: number;
}

/**
 * The positions a branch's report counts one by one; every later position is counted together, as position
 * `POSITIONS_COUNTED + 1` ("más de 100"): a search may ask for page 10,000, and its rollup row must not grow with it.
 */
export const POSITIONS_COUNTED = 100;

/** `POST /api/reports/laboratories/:id` (a `ReportFilter` body): one branch: positions and days. */
export interface LaboratoryDetail {
  laboratory: LaboratoryCount;
  /** Position 101 counts every position past 100 ("más de 100"; `POSITIONS_COUNTED`). */
  positions: { position: number; count: number }[];
  perDay: { day: string; impressions: number; opens: number }[];
}

/** The body of `POST /api/reports/unmet-demand`: the period and region, a comuna, paged. */
export interface UnmetDemandFilter extends ReportFilter {
  comunaId?: number;
  currentPage?: number;
  perPage?: number;
}

/** `POST /api/reports/unmet-demand`: exams asked in a comuna that no branch there (or near) offers, or only dear. */
export interface UnmetDemandRow {
  comunaId: number;
  comuna: string;
  examId: number;
  exam: string;
  sessions: number;
  searches: number;
  /** NOT_OFFERED: no branch in the comuna or its neighbours; EXPENSIVE: only well above the FONASA value. */
  reason: 'NOT_OFFERED' | 'EXPENSIVE';
  /** The lowest authorized price nearby, and FONASA's value (level 1). */
  lowestPrice: number | null;
  fonasaPrice: number | null;
}

/** `POST /api/reports/access`: the storefront's access log. */
export interface AccessReport {
  period: ReportPeriod;
  totals: { visits: number; sessions: number; signedIn: number };
  perDay: VisitDay[];
  routes: { route: string; visits: number; signedIn: number }[];
}

/**
 * `POST /api/log-access`: one route change of the storefront (spec §7), sent in the background. The session is the
 * browsing session's start (seconds since epoch); `personId` goes along as the spec's client sends it, but the
 * server takes the person from the token.
 */
export interface AccessLogEntry {
  route: string;
  session: number;
  personId?: number | null;
}

/** `data` of `POST /api/log-access`. */
export interface AccessRecorded {
  recorded: true;
}
