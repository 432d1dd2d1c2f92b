import type { QuoteOrderBy, QuoteRequest } from '@contracts';

/**
 * The /buscador filter (spec §3/§4): the fields of `POST /api/laboratory/search` (`QuoteRequest`) it sets, and the
 * comunas added from the facet, which `searchBody` sends as the request's `nearLocations`.
 */
export interface QuoteFilter {
  exams: number[];
  typeExamId: number | null;
  /** The comuna. */
  location: number | null;
  /** Its foreign-key location: the region. */
  locationFk: number | null;
  nearLocations: boolean;
  /**
   * Comunas added to `location` from the comuna facet (sent as the spec's `nearLocations` list; in the
   * address, `cercanas=12,34`), when not all the neighbours are (`cercanas=1`).
   */
  addedComunas: number[];
  pensionHealtInstitutionId: number | null;
  coveragePercentage: number | null;
  /** The Isapre plan's cap per exam, in UF (issue 30); null: none given. */
  coverageCapUf: number | null;
  laboratoryName: string;
  attributesValues: number[];
  /** Collection at home in the chosen comuna (`domicilio=1`): only branches reaching it, their fee in the quote. */
  homeCollection: boolean;
  /** The exams are for a child (`nino=1`): the branches' pediatric sample taking is quoted where they charge one. */
  pediatric: boolean;
  /** `distance`: "Más cercano", from the chosen comuna; `toPay`: what the patient pays in all, fees included (the default). */
  orderBy: QuoteOrderBy;
  orderSort: 'asc' | 'desc';
}

export const EMPTY_FILTER: QuoteFilter = {
  exams: [],
  typeExamId: null,
  location: null,
  locationFk: null,
  nearLocations: false,
  addedComunas: [],
  pensionHealtInstitutionId: null,
  coveragePercentage: null,
  coverageCapUf: null,
  laboratoryName: '',
  attributesValues: [],
  homeCollection: false,
  pediatric: false,
  orderBy: 'toPay',
  orderSort: 'asc',
};

/**
 * The filter in the address bar, in Spanish words, so a quote can be shared and reloaded:
 * /buscador?examenes=28,87&region=7&comuna=121&cercanas=1&prevision=1&orden=total&pagina=2
 */
const PARAMS = {
  exams: 'examenes',
  typeExamId: 'tipo',
  locationFk: 'region',
  location: 'comuna',
  nearLocations: 'cercanas',
  pensionHealtInstitutionId: 'prevision',
  coveragePercentage: 'cobertura',
  coverageCapUf: 'tope',
  laboratoryName: 'laboratorio',
  attributesValues: 'atributos',
  homeCollection: 'domicilio',
  pediatric: 'nino',
  orderBy: 'orden',
  orderSort: 'sentido',
} as const;
const PAGE_PARAM = 'pagina';

const id = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const ids = (text: string | null) => [...new Set((text ?? '').split(',').map(id).filter((n): n is number => n !== null))];

/** A cap in UF as the address writes it ("0.5"): above 0, at most 100, two decimals; otherwise none. */
export function capUf(text: string | null): number | null {
  const value = text === null || text === '' ? NaN : Number(text);
  return Number.isFinite(value) && value > 0 && value <= 100 ? Math.round(value * 100) / 100 : null;
}

export function filterFromUrl(params: URLSearchParams): { filter: QuoteFilter; page: number } {
  const coverage = params.get(PARAMS.coveragePercentage);
  const percentage = coverage === null || coverage === '' ? null : Number(coverage);
  const orderBy = params.get(PARAMS.orderBy);
  const filter: QuoteFilter = {
    exams: ids(params.get(PARAMS.exams)),
    typeExamId: id(params.get(PARAMS.typeExamId)),
    location: id(params.get(PARAMS.location)),
    locationFk: id(params.get(PARAMS.locationFk)),
    nearLocations: params.get(PARAMS.nearLocations) === '1',
    addedComunas: params.get(PARAMS.nearLocations) === '1' ? [] : ids(params.get(PARAMS.nearLocations)),
    pensionHealtInstitutionId: id(params.get(PARAMS.pensionHealtInstitutionId)),
    coveragePercentage: percentage !== null && percentage >= 0 && percentage <= 100 ? percentage : null,
    coverageCapUf: capUf(params.get(PARAMS.coverageCapUf)),
    laboratoryName: (params.get(PARAMS.laboratoryName) ?? '').slice(0, 200),
    attributesValues: ids(params.get(PARAMS.attributesValues)),
    homeCollection: params.get(PARAMS.homeCollection) === '1',
    pediatric: params.get(PARAMS.pediatric) === '1',
    orderBy: orderBy === 'total' || orderBy === 'copay' || orderBy === 'distance' || orderBy === 'identifierName' ? orderBy : 'toPay',
    orderSort: params.get(PARAMS.orderSort) === 'desc' ? 'desc' : 'asc',
  };
  return { filter, page: id(params.get(PAGE_PARAM)) ?? 1 };
}

/** Only what differs from the empty filter, in a fixed order: equal filters give equal addresses. */
export function filterToUrl(filter: QuoteFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(PARAMS) as [keyof QuoteFilter, string][]) {
    const value = field === 'nearLocations' && !filter.nearLocations ? filter.addedComunas : filter[field];
    if (value === EMPTY_FILTER[field] || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? '1' : String(value));
  }
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params.toString();
}

/** The filter's fields the request takes as they are: a field the request does not name fails to compile (the API answers 400). */
type SentAsIs = Pick<QuoteRequest, Exclude<keyof QuoteFilter, 'addedComunas'>>;

/** The body of `POST /api/laboratory/search`: `nearLocations` is `true` (every neighbour) or the list of comunas added. */
export function searchBody(filter: QuoteFilter): QuoteRequest {
  const { addedComunas, ...rest }: SentAsIs & Pick<QuoteFilter, 'addedComunas'> = filter;
  // At home needs the comuna where the home is; without one the option waits (the page asks for the comuna).
  return { ...rest, homeCollection: filter.homeCollection && filter.location !== null, nearLocations: filter.nearLocations || (addedComunas.length > 0 ? addedComunas : false) };
}
