import type { QuoteResults } from '../../contracts/search';
import type { Tx } from '../../platform/database/prisma.service';

/** How the quote of an order is covered: FONASA (MLE bono), an Isapre plan percentage, or nothing. */
/** An Isapre plan: its percentage of each price and, where the plan has one, its cap per exam in pesos (`cap`). */
export type Coverage = { kind: 'FONASA'; mle: boolean } | { kind: 'PERCENT'; percentage: number; cap?: number } | { kind: 'NONE' };

/** `distance`: nearest to the chosen comuna first ("Más cercano"); `toPay`: what the patient pays in all, fees included. */
export const ORDER_BY = ['identifierName', 'total', 'copay', 'distance', 'toPay'] as const;
export type OrderBy = (typeof ORDER_BY)[number];

/** A /buscador query, already validated and resolved (ids, not names). */
export interface QuoteQuery {
  /** The exams of the medical order; empty lists laboratories without a quote. */
  examIds: number[];
  typeExamId?: number;
  comunaId?: number;
  /** Also laboratories of the comunas near `comunaId`. */
  withNearLocations: boolean;
  /**
   * Comunas added to `comunaId` (the spec's `nearLocations` as a list, chosen in the comuna facet),
   * without replacing it.
   */
  addedComunaIds?: number[];
  /** The region (the spec's `locationFk`), or the chosen comuna's. Without a comuna, the extent of the comuna facet. */
  regionId?: number;
  /**
   * Collection at the patient's home in `comunaId`: only the branches whose home collection reaches it (wherever
   * they are), each quoted with its fee there added to `total` and `copay` (what checkout charges).
   */
  homeCollection?: { laboratoryIds: number[]; fees: number[] };
  /** The chosen comuna's coordinates: distances are measured from it. */
  origin?: { lat: number; lng: number };
  /**
   * The chosen insurer and the plan it belongs to. It filters nothing: laboratories taking any of
   * them come first and are quoted with `coverage`; the others follow, quoted at private prices.
   */
  insurerIds?: number[];
  coverage: Coverage;
  /** The UF a cap given in UF was quoted with, and the cap in pesos (said in the answer). */
  ufCap?: { validOn: string; value: number; capPesos: number };
  /**
   * The sample taking the order's visit needs (none when every exam's sample is brought or included): the fee
   * kinds a branch may charge for it, in order of preference (a child's pediatric fee before the venous one),
   * each with FONASA's bono for it by MLE level (index 0 = level 1).
   */
  visitFees: VisitFeeRule[];
  /** Also answer the candidates of a split (first pages of searches of an area with 2 exams or more). */
  withSplitCandidates?: boolean;
  laboratoryName?: string;
  laboratoryId?: number;
  /** Select-list children to match, grouped by type: any value within a type, every type. */
  filterValueIds: number[][];
  orderBy: OrderBy;
  orderSort: 'asc' | 'desc';
  currentPage: number;
  perPage: number;
}

export interface VisitFeeRule {
  kind: 'VENOUS' | 'CAPILLARY' | 'PEDIATRIC';
  bono: { arancel: readonly (number | null)[]; copay: readonly (number | null)[] } | null;
}

export type { SplitCandidate } from './split-offer';
import type { SplitCandidate } from './split-offer';
export type { ExamQuote, FacetCount, LaboratoryQuote, QuoteResults } from '../../contracts/search';

/**
 * Where /buscador searches: one document per quotable laboratory branch with its location, the
 * comunas it serves, insurers, filterable attributes and authorized prices. Documents are
 * (re)built from PostgreSQL by the search projector; an adapter may keep them in PostgreSQL
 * (embedded default) or Elasticsearch. Every operation is idempotent.
 */
export interface SearchIndex {
  readonly kind: 'postgres' | 'elasticsearch';
  /**
   * Rebuilds the documents of these laboratories from the write model; a laboratory that is no
   * longer quotable (inactive, company not approved, deleted) leaves the index. `tx` lets the
   * PostgreSQL adapter do it in the projector's transaction.
   */
  reindexLaboratories(laboratoryIds: number[], tx?: Tx): Promise<void>;
  /**
   * Rebuilds the prices of these exams at one laboratory (a price changed, was authorized,
   * withdrawn...): the rest of its document is unchanged. An adapter may rebuild more.
   */
  reindexPrices(laboratoryId: number, examIds: number[], tx?: Tx): Promise<void>;
  /**
   * A laboratory confirmed its price list: when each of its prices was confirmed changed, nothing else. An index that
   * keeps those dates with the prices (PostgreSQL: "vigente desde" and the region's figures) takes them again.
   */
  confirmPrices(laboratoryId: number, tx?: Tx): Promise<void>;
  /** Rebuilds the whole index (no downtime: the old one answers until the new one is complete). */
  reindexAll(onProgress?: (done: number, total: number) => void): Promise<{ laboratories: number; prices: number }>;
  /**
   * With `withSplitCandidates`, also the branches where the order could be split in two visits (`split-offer.ts`):
   * where the search looks, the few cheapest for each exam and with the whole order. An adapter that does not
   * answer them offers no split.
   */
  search(query: QuoteQuery): Promise<QuoteResults & { splitCandidates?: SplitCandidate[] }>;
  /** Is the index reachable? (readiness) */
  ping(): Promise<void>;
  /** Lets go of connections of its own, at shutdown. */
  close?(): Promise<void>;
}

export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
