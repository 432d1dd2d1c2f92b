import type { HomeCollection, OpeningHours, VisitFeeInput, VisitFeeKind } from './laboratories';
import type { OrderPreparation } from './preparation';

/**
 * `POST /api/laboratory/search` (/buscador): a quote per laboratory for the whole medical order,
 * with the facets of the filtered set. Whole pesos.
 */

/** The columns a quote's results may be ordered by: `toPay` is what the patient pays in all, fees included. */
export type QuoteOrderBy = 'identifierName' | 'total' | 'copay' | 'distance' | 'toPay';

/**
 * The body of `POST /api/laboratory/search`, as the web app sends it. The server's schema
 * (src/modules/search/http/quote-request.ts) also takes a reference as `{ id }` and a list as comma-separated
 * text, and `personId`, which it ignores; it refuses a field it does not know with 400.
 */
export interface QuoteRequest {
  exams?: number[];
  /** The exam type (FONASA subgroup). */
  typeExamId?: number | null;
  /** The comuna. */
  location?: number | null;
  /** The region (the comuna's foreign-key location). */
  locationFk?: number | null;
  /** Every neighbour of `location` (`true`), or these comunas besides it. */
  nearLocations?: boolean | number[];
  /** The previsión (an insurer's id). */
  pensionHealtInstitutionId?: number | null;
  /** What the Isapre plan covers, 0 to 100. */
  coveragePercentage?: number | null;
  /** The plan's cap per exam (issue 30), in UF (up to 100) or in whole pesos. */
  coverageCapUf?: number | null;
  coverageCapPesos?: number | null;
  /** Part of a laboratory's name. */
  laboratoryName?: string;
  /** Only this laboratory (its quote of the order, `perPage: 1`). */
  laboratoryId?: number | null;
  addressLine1?: string;
  type?: string;
  /** Select-list values the laboratories must have (home collection, accessibility...). */
  attributesValues?: number[];
  /** Collection at the patient's home in `location`: only branches reaching it, their fee in the quote. */
  homeCollection?: boolean;
  /** The exams are for a child: the pediatric sample taking is quoted where a branch charges one. */
  pediatric?: boolean;
  orderBy?: QuoteOrderBy;
  orderSort?: 'asc' | 'desc';
  currentPage?: number;
  /** 10 unless asked, at most 50. */
  perPage?: number;
  /** The browsing session (seconds since epoch), for the search history. */
  session?: number;
}

/** How the patient pays an exam: with a FONASA bono at the counter, or the laboratory's private price. */
export type ExamPayment = 'BONO' | 'PRIVATE';

export interface ExamQuote {
  examId: number;
  /** The laboratory's private price. */
  price: number;
  /** What the insurer pays: FONASA's part of the bono (arancel − copay), or the Isapre's estimated share. */
  coverage: number;
  /** What the patient pays: the bono's copay, or the private price less any Isapre estimate. */
  copay: number;
  payment: ExamPayment;
  /** FONASA would take a bono here, but the private price is lower than its copay ("Conviene pagar particular"). */
  privateCheaper: boolean;
  /** The Isapre plan's cap per exam bit: it covers the cap, less than its percentage ("Tope del plan"). */
  capped?: true;
  /** When the laboratory last set or confirmed this price ("vigente desde", YYYY-MM-DD; issue 30). */
  confirmedOn?: string;
  /** Not confirmed in 6 months: marked on the card, and left out of the region's figures. */
  stale?: true;
}

/** An exam's authorized prices in a region, confirmed in the last 6 months: where a price sits among them. */
export interface ExamPriceStats {
  min: number;
  median: number;
  max: number;
  count: number;
}

export interface LaboratoryQuote {
  laboratoryId: number;
  identifierName: string;
  addressLine1: string;
  comunaId: number;
  lat: number | null;
  lng: number | null;
  /** The branch's level in FONASA's MLE, or null when it is not in the MLE. */
  fonasaLevel: number | null;
  /**
   * Whether the branch takes the chosen previsión (null without one). A previsión changes what the
   * patient pays, never which laboratories exist: one that does not take it is listed after those
   * that do, at private prices.
   */
  acceptsInsurer: boolean | null;
  /** Hours, walk-in, home collection, FONASA bono; filled by the search for the cards shown. */
  facts?: BranchFacts;
  /** Kilometres from the chosen comuna (straight line; the branch's place, or its comuna's), or null. */
  distanceKm: number | null;
  exams: ExamQuote[];
  missingExamIds: number[];
  offersAll: boolean;
  /**
   * The branch's home-collection fee in the patient's comuna, when the search asked for collection at home
   * (`homeCollection`); then it is included in `total` and `copay`, as checkout will charge it.
   */
  homeFee?: number;
  /**
   * The fees of the visit the branch charges apart from the exams (issue 30): the sample taking the order needs,
   * once per visit. `amount` is its price, `copay` what the patient pays of it (a FONASA bono covers it where the
   * arancel has a code for it). Not part of `total` and `copay`, which stay the sums over the exams.
   */
  fees: VisitFeeQuote[];
  /** What the patient pays in all: `copay` plus the fees' copays ("Tú pagas"). */
  toPay: number;
  /** The sum of the private prices (and the home-collection fee when asked). */
  total: number;
  /** What the insurer pays in all (for FONASA: what FONASA pays). */
  coverage: number;
  /** "Tú pagas": what the patient pays in all, and of it, in bonos and privately. */
  copay: number;
  bonoCopay: number;
  privateCopay: number;
}

export interface VisitFeeQuote {
  kind: Exclude<VisitFeeKind, 'AFTER_HOURS'>;
  amount: number;
  copay: number;
}

export interface SplitOffer {
  /** What the patient pays in all in the two visits, each visit's fee included. */
  toPay: number;
  /** The cheapest branch with the whole order (fees included), or null when none has it. */
  single: { laboratoryId: number; identifierName: string; toPay: number } | null;
  /** What the split saves against `single`; null without one. */
  saving: number | null;
  /** The two visits: which exams at which branch, and what the patient pays there. */
  visits: { laboratoryId: number; identifierName: string; comunaId: number; examIds: number[]; fees: VisitFeeQuote[]; toPay: number }[];
}

/** What a patient decides on, on the card itself (issue 19). */
export interface BranchFacts {
  /** The week's hours (days 1..7, 8 = public holidays); the browser works out "open now" in Chile's time. */
  openingHours: OpeningHours[];
  /** Attends without an appointment ("Atención sin hora agendada"). */
  walkIn: boolean;
  /** Sample collection at home ("Toma de muestra a domicilio"). */
  homeCollection: boolean;
  /** Where it reaches and its fee (the branch's own; what checkout charges). */
  homeCollectionArea: HomeCollection | null;
  /** Takes the FONASA bono: FONASA among its insurers and a level in the MLE (one rule, mle-bono.sql.ts). */
  takesFonasaBono: boolean;
  /** The fees it charges apart from the exams (issue 30), the after-hours surcharge with its hours. */
  fees: VisitFeeInput[];
}

export interface FacetCount {
  id: number;
  count: number;
  name: string;
}

export interface QuoteResults {
  items: LaboratoryQuote[];
  total: number;
  currentPage: number;
  perPage: number;
  lastPage: number;
  facets: { comunas: FacetCount[]; filterValues: FacetCount[]; insurers: FacetCount[] };
  /**
   * When the comuna (and its neighbours, if asked) has no result: the laboratories nearest to it
   * that quote the order, nearest first, so that a search never ends in nothing.
   */
  nearest?: LaboratoryQuote[];
  /** Where each exam's price sits in the search's region (by exam id; exams without confirmed prices there absent). */
  priceStats?: Record<number, ExamPriceStats>;
  /** The UF the plan's cap was turned into pesos with, when the cap was given in UF (issue 30). */
  uf?: { validOn: string; value: number; capPesos: number };
  /**
   * "Hazlo en 2 laboratorios" (issue 30): the order split between two branches of the area, when no branch has it
   * whole or the split saves at least 15 % and $5.000 against the best one that has; only on the first page.
   */
  split?: SplitOffer;
  /** How to prepare for the whole order (issue 30), when it has exams: the same at every laboratory. */
  preparation?: OrderPreparation;
}
