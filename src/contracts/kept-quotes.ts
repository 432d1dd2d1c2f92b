import type { OpeningHours } from './laboratories';
import type { OrderPreparation } from './preparation';
import type { LaboratoryQuote } from './search';

/**
 * A quote to keep (issue 30): `POST /api/quote` quotes an order at one laboratory again on the server and keeps
 * it under a reference for 30 days; `GET /api/quote/{ref}` re-quotes it and says what changed since;
 * `GET /api/quote/{ref}/pdf` is the printable quote. `/cotizacion/{ref}` is its page.
 */
export interface KeepQuoteRequest {
  exams: number[];
  laboratoryId: number;
  pensionHealtInstitutionId?: number | null;
  coveragePercentage?: number | null;
  coverageCapUf?: number | null;
  pediatric?: boolean;
  /** The order's own words for some exams ("TSH"), by exam id: the quote names them as the order did. */
  typed?: Record<string, string>;
}

/** `data` of `POST /api/quote`: the reference the quote is kept under, and until when (ISO-8601). */
export interface KeptQuoteRef {
  ref: string;
  validUntil: string;
}

/** What a quote said, at one moment. */
export interface QuoteSnapshot {
  at: string;
  quote: LaboratoryQuote;
  preparation: OrderPreparation | null;
  uf: { validOn: string; value: number; capPesos: number } | null;
}

export interface KeptQuoteView {
  ref: string;
  createdAt: string;
  validUntil: string;
  /** Past its 30 days: shown with what it said, and re-quoted, but no longer a quote. */
  expired: boolean;
  laboratory: { id: number; name: string; companyName: string; address: string; comuna: string; phone: string | null; openingHours: OpeningHours[] };
  /** The previsión it was quoted with ("FONASA Tramo B", "Isapre Colmena 70 %"), or null for none. */
  insurer: { id: number; code: string; name: string; type: string } | null;
  coveragePercentage: number | null;
  coverageCapUf: number | null;
  /** Exams as the order named them: the typed words and the catalogue's name, by exam id. */
  exams: { id: number; name: string; typed: string | null }[];
  then: QuoteSnapshot;
  /** The same order quoted now; null when the laboratory no longer quotes any of it. */
  now: QuoteSnapshot | null;
  /** What changed since, in words ("Hemograma: de $3.580 a $3.900"); empty when nothing did. */
  changes: string[];
}
