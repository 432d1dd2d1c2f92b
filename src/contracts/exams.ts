import type { PageRequest } from './envelope';

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
export interface ExamSearchRequest extends PageRequest {
  term?: string;
  typeExamId?: number;
  /** Default `active`: the storefront never sees retired exams. */
  status?: ExamStatusFilter;
  orderBy?: 'code' | 'name' | 'type';
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
}
