import type { ExamPreparation } from './preparation';
import type { Ordering, PageRequest } from './envelope';

/** FONASA MLE values of an exam at levels 1, 2 and 3 (whole pesos; null where FONASA sets none). */
export interface FonasaValues {
  year: number | null;
  prices: (number | null)[];
  copays: (number | null)[];
}

export interface ExamType {
  id: number;
  code: string;
  name: string;
}

/** An exam as lists and the search box show it (`POST /api/exam/search`). */
export interface ExamListItem {
  id: number;
  code: string;
  codeDotted: string;
  name: string;
  isActive: boolean;
  typeExam: { id: number; name: string };
  /** The synonym or code the term matched, when it was not the name ("glicemia"). */
  matched: string | null;
  fonasa: FonasaValues;
}

export type ExamStatusFilter = 'active' | 'retired' | 'all';

/** `POST /api/exam/search`. Without `term`, the list is ordered by `orderBy` (default code). */
export interface ExamSearchRequest extends PageRequest, Ordering<'code' | 'name' | 'type'> {
  term?: string;
  typeExamId?: number;
  /** Default `active`: the storefront never sees retired exams. */
  status?: ExamStatusFilter;
}

/** `GET /api/exam/{id}`. */
export interface ExamDetail {
  id: number;
  code: string;
  codeDotted: string;
  name: string;
  description: string | null;
  isActive: boolean;
  typeExam: { id: number; code: string; name: string };
  category: { id: number; name: string } | null;
  fonasa: FonasaValues;
  synonyms: { synonym: string; kind: string }[];
  /** How commonly it is ordered, 0–100: a few letters of a common exam bring it first in the search box. */
  commonness: number;
  /** Its sample and how the patient prepares (issue 30). */
  preparation: ExamPreparation;
}

/** `POST /api/exam` (create: code, name and typeExamId required) and `POST /api/exam/{id}` (update: any subset). */
export interface ExamInput {
  code: string;
  name: string;
  typeExamId: number;
  description?: string | null;
  categoryId?: number | null;
  /** Levels 1 to 3; null or '' for none. */
  fonasaPrices?: (number | null)[];
  fonasaCopays?: (number | null)[];
  synonyms?: string[];
  /** 0–100 (default 0): how commonly it is ordered, the search box's prior. */
  commonness?: number;
  /** Any part of its sample and preparation (issue 30). */
  preparation?: Partial<ExamPreparation>;
}

/**
 * How the order reader understood one line of a medical order (`POST /api/exam/read-order`):
 * `RECOGNISED` (its `exams`), `AMBIGUOUS` (no exam chosen: the patient picks among `alternatives`,
 * most common first), `NOT_LAB` (not a laboratory exam: `reason` says what it is) or `UNKNOWN`.
 */
export type OrderLineStatus = 'RECOGNISED' | 'AMBIGUOUS' | 'NOT_LAB' | 'UNKNOWN';

/** An exam as the order reader names it. */
export interface OrderLineExam {
  id: number;
  code: string;
  codeDotted: string;
  name: string;
}

export interface OrderLine {
  /** The line as the order wrote it. */
  text: string;
  status: OrderLineStatus;
  /** What a recognised line asks for (one line may ask for several: "orina completa + urocultivo"). */
  exams: OrderLineExam[];
  /** An ambiguous line's likely exams, most common first (2–3); empty otherwise. */
  alternatives: OrderLineExam[];
  /** Why a line was set aside (`NOT_LAB`: "Es una imagen (radiografía), no un examen de laboratorio"); null otherwise. */
  reason: string | null;
}

/** `POST /api/exam/read-order`: the order as pasted (64 kB of text at most). */
export interface ReadOrderRequest {
  text: string;
}

/** The answer of `POST /api/exam/read-order` and `POST /api/exam/read-order/photo`. */
export interface ReadOrderAnswer {
  lines: OrderLine[];
  /** The photo's text as it was read (photo only): the patient can paste and correct it. */
  text?: string;
}

/** `POST /api/exam/read-order/choice`: the exam a patient chose for an ambiguous line (the reader learns from it). */
export interface OrderLineChoice {
  text: string;
  examId: number;
}
