/**
 * "Mis órdenes" (issue 19): the orders a signed-in person keeps to quote again later. Each holds the
 * quote's filter (its /buscador address is rebuilt from it) and a label written when it was saved.
 */
export interface SavedOrder {
  id: number;
  /** "Hemograma, Perfil lipídico · Providencia · Isapre Banmédica". */
  label: string;
  examIds: number[];
  /** The comuna (`location`) and its region (`locationFk`), as /buscador takes them. */
  location: number | null;
  locationFk: number | null;
  nearLocations: boolean;
  pensionHealtInstitutionId: number | null;
  coveragePercentage: number | null;
  savedAt: string;
}

/** `POST /api/saved-order`: the order of a quote. Saving the same order again only refreshes it. */
export interface SaveOrderRequest {
  exams: number[];
  location?: number | null;
  nearLocations?: boolean;
  pensionHealtInstitutionId?: number | null;
  coveragePercentage?: number | null;
}
