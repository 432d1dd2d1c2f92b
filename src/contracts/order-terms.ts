import type { Ordering, PageRequest } from './envelope';
import type { OrderLineExam } from './exams';

/**
 * The order reader's vocabulary beyond one exam's synonyms (those are kept on the exam form):
 * `PANEL` (several exams billed apart: "perfil bioquímico"), `AMBIGUOUS` (2–3 exams to ask between,
 * most common first: "PCR"), `NOT_LAB` (not a laboratory exam: "Rx tórax", with the reason the patient
 * reads) and `IGNORE` (words that change nothing on an order: "en ayunas").
 */
export type OrderTermKind = 'PANEL' | 'AMBIGUOUS' | 'NOT_LAB' | 'IGNORE';

/** An exam of a term, as the order reader names it. */
export type OrderTermExam = OrderLineExam;

/** `GET /api/order-term/{id}`, an item of `POST /api/order-term/search` and what its commands answer. */
export interface OrderTerm {
  id: number;
  /** As written ("Rx tórax"). */
  term: string;
  /** What the reader compares: lower case, no accents, punctuation as spaces ("rx torax"). */
  folded: string;
  kind: OrderTermKind;
  /** In order: a panel's exams, or an ambiguous term's alternatives (most common first); empty otherwise. */
  exams: OrderTermExam[];
  /** `NOT_LAB` only: why the line is set aside, for the patient. */
  reason: string | null;
  /** Where the term was seen (a SOURCES.md key), or `manual`. */
  source: string;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/order-term/search`: `term` is a part of the folded term (accents and case do not matter). */
export interface OrderTermSearchRequest extends PageRequest, Ordering<'term' | 'kind' | 'updatedAt'> {
  term?: string;
  kind?: OrderTermKind;
}

/**
 * `POST /api/order-term` (create: term and kind required) and `POST /api/order-term/{id}` (update: any
 * subset; a kind that takes no exams or no reason clears the stored ones unless they are sent).
 * `PANEL`: 2 exams or more; `AMBIGUOUS`: 2 or 3; `NOT_LAB`: a reason and no exams; `IGNORE`: neither.
 */
export interface OrderTermInput {
  term: string;
  kind: OrderTermKind;
  examIds?: number[];
  /** null or '' for none. */
  reason?: string | null;
}
