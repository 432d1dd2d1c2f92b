import type { Page } from './envelope';

export interface OpeningHours {
  /** ISO weekday, Monday = 1. */
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

/** `POST /api/laboratory/{id}/search`: a laboratory's public page and its prices (filtered by `term`, paged). */
export interface LaboratoryPageView {
  laboratory: {
    id: number;
    identifierName: string;
    addressLine1: string;
    addressLine2: string | null;
    lat: number | null;
    lng: number | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    openingHours: OpeningHours[] | null;
    /** Level in FONASA's Modalidad de Libre Elección; null when the branch is not in it. */
    fonasaLevel: number | null;
    company: { id: number; tradeName: string };
    comuna: { id: number; name: string; parent: { id: number; name: string } | null };
    insurers: { id: number; code: string; name: string }[];
    attributes: { id: number; code: string; name: string; values: { id: number | null; name: string }[] }[];
  };
  exams: Page<LaboratoryPageExam>;
}
