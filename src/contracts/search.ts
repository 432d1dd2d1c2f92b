/**
 * `POST /api/laboratory/search` (/buscador): a quote per laboratory for the whole medical order,
 * with the facets of the filtered set. Whole pesos.
 */
export interface ExamQuote {
  examId: number;
  price: number;
  coverage: number;
  copay: number;
}

export interface LaboratoryQuote {
  laboratoryId: number;
  identifierName: string;
  addressLine1: string;
  comunaId: number;
  lat: number | null;
  lng: number | null;
  fonasaLevel: number;
  exams: ExamQuote[];
  missingExamIds: number[];
  offersAll: boolean;
  total: number;
  coverage: number;
  copay: number;
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
}
