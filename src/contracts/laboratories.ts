import type { Page, PageRequest } from './envelope';

export interface OpeningHours {
  /** ISO weekday, Monday = 1 ... Sunday = 7; 8 = public holidays (festivos). */
  day: number;
  opens: string;
  closes: string;
}

/** An exam on a laboratory's public page, at its private price and, where the branch takes it, the FONASA bono. */
export interface LaboratoryPageExam {
  id: number;
  laboratoryExamId: number;
  code: string;
  name: string;
  typeName: string;
  price: number;
  /** The bono at the branch's MLE level (FONASA tramos B–D pay `copay`); null without one. */
  fonasaBono: { arancel: number; copay: number } | null;
}

/** What the public page and the back office both show of a branch. */
interface BranchData {
  id: number;
  identifierName: string;
  addressLine1: string;
  addressLine2: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** Days 1..7 (Monday = 1) and 8 for public holidays; a day without a row is closed. */
  openingHours: OpeningHours[] | null;
  /** Level in FONASA's Modalidad de Libre Elección; null when the branch is not in it. */
  fonasaLevel: number | null;
  comuna: { id: number; name: string; parent: { id: number; name: string } | null };
  insurers: { id: number; code: string; name: string }[];
}

/** The body of `POST /api/laboratory/{id}/search`: its exams matching `term`, or only those of a quoted order (`exams`); 50 a page unless asked. */
export interface LaboratoryPageRequest extends PageRequest {
  term?: string;
  exams?: number[];
}

/** `POST /api/laboratory/{id}/search`: a laboratory's public page and its prices (filtered by `term`, paged). */
export interface LaboratoryPageView {
  laboratory: BranchData & {
    company: { id: number; tradeName: string };
    attributes: { id: number; code: string; name: string; values: { id: number | null; name: string }[] }[];
    homeCollection: HomeCollection | null;
    /** What it charges apart from the exams (issue 30). */
    fees: VisitFeeInput[];
  };
  exams: Page<LaboratoryPageExam>;
}

/** A branch as the back office reads it (`GET /api/priv/laboratory/{id}`, `POST /api/priv/laboratory/search`). */
export interface OwnLaboratory extends BranchData {
  /** The code its company's price lists name it by. */
  branchCode: string | null;
  isActive: boolean;
  homeCollection: HomeCollection | null;
  fees: VisitFeeInput[];
  createdAt: string;
  updatedAt: string;
  company: { id: number; tradeName: string; status: string };
  examCount: number;
}

/** What the branch form sends; '' or null clears an optional field. */
export interface OwnLaboratoryInput {
  companyId?: number;
  /** The code the company's price lists name the branch by (`SUC-001` assigned when none is given; unique in it). */
  branchCode?: string;
  identifierName: string;
  addressLine1: string;
  addressLine2?: string | null;
  comunaId: number;
  lat?: number | null;
  lng?: number | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  openingHours?: OpeningHours[];
  fonasaLevel?: number | null;
  isActive?: boolean;
  insurerIds?: number[];
  /** Home collection: the comunas reached and the fee; null turns it off. */
  homeCollection?: HomeCollectionInput | null;
  /** Fees charged apart from the exams (issue 30); an edit that sends them replaces them all. */
  fees?: VisitFeeInput[];
}

/** `POST /api/priv/laboratory/search`: always by branch name (the route takes no `orderBy`). */
export interface OwnLaboratorySearchRequest {
  name?: string;
  companyId?: number;
  comunaId?: number;
  currentPage?: number;
  perPage?: number;
}

/** `GET /api/insurer`: FONASA and the Isapres, FONASA first. */
export interface Insurer {
  id: number;
  code: string;
  name: string;
  /** `public` (FONASA and its tramos), `isapre_open`, `isapre_closed`... */
  type: string;
  /** FONASA's tramos name FONASA here; null for the others. */
  parentId: number | null;
}

/** A branch's exam and price as its prices tab writes it (`POST /api/laboratory-exam`, `POST /api/laboratory-exam/{id}`). */
export interface BranchPriceInput {
  laboratoryId: number;
  examId: number;
  price: number;
  isActive?: boolean;
}

/** `POST /api/laboratory-exam/copy`: what copying a branch's prices did at the target branch. */
export interface PriceListCopyResult {
  fromLaboratoryId: number;
  toLaboratoryId: number;
  /** Exams the target did not offer. */
  offered: number;
  /** Exams it offered at another price (or had withdrawn). */
  repriced: number;
  /** Exams already at the same price. */
  unchanged: number;
}

/** An attribute of a branch: a value of a select list (`/api/laboratory-attribute`). */
export interface LaboratoryAttribute {
  id: number;
  laboratoryId: number;
  value: string | null;
  selectListType: { id: number; code: string; name: string };
  selectListChild: { id: number; code: string; name: string } | null;
}

/**
 * Home sample collection of a branch (issues 13 and 19): the comunas it reaches, each with its fee (whole pesos).
 * `fee` is the one fee when every comuna has the same, else the lowest ("desde"). Null on a branch: no home collection.
 */
export interface HomeCollection {
  fee: number;
  sameFee: boolean;
  comunas: { id: number; name: string; fee: number }[];
}

/** What the branch form sends: one fee, the comunas reached, and a comuna's own fee where it differs. Null: none. */
export interface HomeCollectionInput {
  fee: number;
  comunas: { id: number; fee?: number | null }[];
}

/**
 * A fee a branch charges apart from the exams, once per visit (issue 30): sample taking by kind, or a surcharge
 * for coming within hours (`startsAt`–`endsAt`, "HH:MM", AFTER_HOURS only). Whole pesos, 1 to 100.000.
 */
export const VISIT_FEE_KINDS = ['VENOUS', 'CAPILLARY', 'PEDIATRIC', 'AFTER_HOURS'] as const;
export type VisitFeeKind = (typeof VISIT_FEE_KINDS)[number];
export const MAX_VISIT_FEE = 100_000;

export interface VisitFeeInput {
  kind: VisitFeeKind;
  amount: number;
  startsAt?: string | null;
  endsAt?: string | null;
}

/** What each fee is called, to patients and laboratories. */
export const VISIT_FEE_LABELS: Record<VisitFeeKind, string> = {
  VENOUS: 'Toma de muestra venosa',
  CAPILLARY: 'Toma de muestra capilar',
  PEDIATRIC: 'Toma de muestra pediátrica',
  AFTER_HOURS: 'Recargo fuera de horario',
};
