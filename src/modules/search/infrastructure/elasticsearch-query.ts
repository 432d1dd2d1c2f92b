import { examShare, orderShare, toPay, visitFeeFor } from '../quote-rules';
import type { VisitFeeQuote } from '../../../contracts/search';
import type { Coverage, LaboratoryQuote, QuoteQuery, SplitCandidate } from '../search-index';
import { SPLIT_PER_EXAM, SPLIT_WHOLE } from '../split-offer';

/**
 * Builds the Elasticsearch request of a /buscador query and reads its answer, as pure functions
 * (unit-tested beside this file). The rules are those of the PostgreSQL adapter:
 * - a laboratory matches when it offers at least one requested exam (nested query, its lines as
 *   inner hits); its score is 1 when it offers them all and 0 otherwise, so whole orders sort first;
 * - the total and the FONASA copay are summed by nested sorts over the requested exams only;
 * - the comuna condition is a post_filter, so that the comuna facet still shows the region's
 *   other comunas; the insurer and attribute facets are counted within the comuna;
 * - a previsión filters nothing: taking it scores 2, so those branches come first (before whole
 *   orders), and the others are quoted at private prices;
 * - "Más cercano" sorts by geo distance from the chosen comuna (the document's `location` is the
 *   branch's place, or its comuna's).
 */

type Json = Record<string, unknown>;

export interface EsSearchRequest {
  query: Json;
  post_filter?: Json;
  sort: Json[];
  aggs?: Json;
  from: number;
  size: number;
  track_total_hits: boolean;
  _source: string[];
}

export function buildSearchRequest(query: QuoteQuery): EsSearchRequest {
  const filters: Json[] = [];
  // With a comuna, the comuna facet spans its neighbourhood (neighbours may lie across a region
  // border): it counts within the search and offers the comunas a patient could add.
  const region = query.regionId === undefined ? undefined : { term: { regionId: query.regionId } };
  if (region && query.comunaId === undefined) filters.push(region);
  const facetScope = query.comunaId === undefined ? region : { term: { servedComunaIds: query.comunaId } };
  for (const group of query.filterValueIds) filters.push({ terms: { filterValueIds: group } });
  if (query.laboratoryName) filters.push({ match: { identifierName: { query: query.laboratoryName, operator: 'and', fuzziness: 'AUTO' } } });
  if (query.laboratoryId !== undefined) filters.push({ term: { laboratoryId: query.laboratoryId } });
  if (query.typeExamId !== undefined) filters.push({ nested: { path: 'exams', query: { term: { 'exams.typeExamId': query.typeExamId } } } });
  // Browsing without exams lists the branches that publish a price: one just registered, still empty, is no offer.
  if (query.examIds.length === 0) filters.push({ nested: { path: 'exams', query: { exists: { field: 'exams.examId' } } } });

  const must: Json[] = [];
  const should: Json[] = [];
  const examFilter = { terms: { 'exams.examId': query.examIds } };
  if (query.examIds.length > 0) {
    // A result offers some of the exams (their lines come back as inner hits); it scores nothing for it...
    must.push({
      nested: {
        path: 'exams',
        score_mode: 'none',
        query: { constant_score: { filter: examFilter } },
        inner_hits: { name: 'quoted', size: query.examIds.length, _source: ['exams.examId', 'exams.price', 'exams.mleArancel', 'exams.mleCopay'] },
      },
    });
    // ...and 1 when it offers every one: whole orders first, then the chosen order among each group
    // (a count of the exams offered would put 4 of 5 before 3 of 5 whatever their totals).
    should.push({
      constant_score: { filter: { bool: { filter: query.examIds.map((examId) => ({ nested: { path: 'exams', query: { term: { 'exams.examId': examId } } } })) } }, boost: 1 },
    });
  }
  if (query.insurerIds?.length) should.push({ constant_score: { filter: { terms: { insurerIds: query.insurerIds } }, boost: 2 } });
  const location = comunaFilter(query);
  const direction = query.orderSort;
  const nestedSum = (field: string) => ({ [`exams.${field}`]: { order: direction, mode: 'sum', nested: { path: 'exams', filter: examFilter } } });
  const nearest = query.orderBy === 'distance' && query.origin ? [{ _geo_distance: { location: { lat: query.origin.lat, lon: query.origin.lng }, order: direction, unit: 'km' } }] : [];
  const sort: Json[] =
    query.examIds.length === 0
      ? [...(should.length > 0 ? [{ _score: 'desc' }] : []), ...nearest, { 'identifierName.sort': direction }, { laboratoryId: 'asc' }]
      : [
          { _score: 'desc' },
          ...(query.orderBy === 'total' ? [nestedSum('price')] : []),
          // By what the patient pays in all: the exams' part (the visit's fee, one per document, is not summed here:
          // at most a sample taking's few thousand pesos apart; docs/decisions.md, "The whole visit").
          ...(query.orderBy === 'copay' || query.orderBy === 'toPay' ? [nestedSum(copayField(query.coverage))] : []),
          ...nearest,
          ...(query.orderBy === 'identifierName' ? [{ 'identifierName.sort': direction }] : [{ 'identifierName.sort': 'asc' }]),
          { laboratoryId: 'asc' },
        ];
  const within = (filter: Json | undefined, aggs: Json) => ({ filter: filter ?? { match_all: {} }, aggs });
  return {
    // With no other clause, a bool query would require a `should`: the previsión only scores.
    query: { bool: { filter: filters, must, should, ...(must.length === 0 && should.length > 0 && { minimum_should_match: 0 }) } },
    ...(location && { post_filter: location }),
    sort,
    aggs: {
      region: within(facetScope, { comunas: { terms: { field: 'comunaId', size: 400 } } }),
      located: within(location, {
        insurers: { terms: { field: 'insurerIds', size: 100 } },
        filterValues: { terms: { field: 'filterValueIds', size: 200 } },
      }),
    },
    from: (query.currentPage - 1) * query.perPage,
    size: query.perPage,
    track_total_hits: true,
    _source: ['laboratoryId', 'identifierName', 'addressLine1', 'comunaId', 'lat', 'lng', 'fonasaLevel', 'insurerIds', 'location', 'sampleFees', 'bonoLevel'],
  };
}

/**
 * The searches of a split's candidates (issue 30, `split-offer.ts`), as the PostgreSQL statement picks them: within
 * the same area and filters, for each exam the SPLIT_PER_EXAM branches that charge the patient least for it, and the
 * SPLIT_WHOLE cheapest with the whole order. Sent together (msearch) with the page's own search.
 */
export function buildSplitCandidateRequests(query: QuoteQuery): EsSearchRequest[] {
  const base = buildSearchRequest({ ...query, currentPage: 1 });
  const narrowed = (filter: Json[], sort: Json[], size: number): EsSearchRequest => {
    const bool = (base.query as { bool: Json }).bool;
    return { ...base, query: { bool: { ...bool, filter: [...(bool.filter as Json[]), ...filter] } }, sort, size, aggs: undefined, track_total_hits: false };
  };
  const has = (examId: number) => ({ nested: { path: 'exams', query: { term: { 'exams.examId': examId } } } });
  const field = `exams.${copayField(query.coverage)}`;
  return [
    ...query.examIds.map((examId) =>
      narrowed([has(examId)], [{ [field]: { order: 'asc', mode: 'sum', nested: { path: 'exams', filter: { term: { 'exams.examId': examId } } } } }, { laboratoryId: 'asc' }], SPLIT_PER_EXAM),
    ),
    narrowed(query.examIds.map(has), [{ [field]: { order: 'asc', mode: 'sum', nested: { path: 'exams', filter: { terms: { 'exams.examId': query.examIds } } } } }, { laboratoryId: 'asc' }], SPLIT_WHOLE),
  ];
}

/** A hit of those searches as a split's candidate: what the patient pays there for each exam, and its sample-taking fees. */
export function toSplitCandidate(hit: EsHit, query: QuoteQuery): SplitCandidate {
  const quote = toLaboratoryQuote(hit, query);
  return {
    laboratoryId: quote.laboratoryId, identifierName: quote.identifierName, comunaId: quote.comunaId, accepts: quote.acceptsInsurer !== false,
    fees: hit._source.sampleFees ?? {}, bonoLevel: hit._source.bonoLevel ?? null,
    lines: quote.exams.map((e) => ({ examId: e.examId, pays: e.copay })),
  };
}

function comunaFilter(query: QuoteQuery): Json | undefined {
  // Collection at home: the branches whose collection reaches the patient's comuna, wherever they are.
  if (query.homeCollection) return { terms: { laboratoryId: query.homeCollection.laboratoryIds } };
  if (query.comunaId === undefined) return undefined;
  if (query.withNearLocations) return { term: { servedComunaIds: query.comunaId } };
  return query.addedComunaIds?.length ? { terms: { comunaId: [query.comunaId, ...query.addedComunaIds] } } : { term: { comunaId: query.comunaId } };
}

/**
 * The field whose nested sum orders by what the patient pays: for FONASA (MLE) the precomputed
 * bono-or-private amount; with an Isapre or nothing, the price (a percentage keeps its order).
 */
function copayField(coverage: Coverage): string {
  return coverage.kind === 'FONASA' && coverage.mle ? 'fonasaCopay' : 'price';
}

export interface EsHit {
  _source: {
    laboratoryId: number; identifierName: string; addressLine1: string; comunaId: number; lat: number | null; lng: number | null; fonasaLevel: number | null;
    insurerIds?: number[]; location?: { lat: number; lon: number } | null;
    sampleFees?: Partial<Record<VisitFeeQuote['kind'], number | null>>; bonoLevel?: number | null;
  };
  inner_hits?: { quoted: { hits: { hits: { _source: { examId: number; price: number; mleArancel: number | null; mleCopay: number | null } }[] } } };
}

export function toLaboratoryQuote(hit: EsHit, query: QuoteQuery): LaboratoryQuote {
  const acceptsInsurer = query.insurerIds?.length ? (hit._source.insurerIds ?? []).some((id) => query.insurerIds!.includes(id)) : null;
  // A branch that does not take the previsión is quoted at its private prices.
  const coverage: Coverage = acceptsInsurer === false ? { kind: 'NONE' } : query.coverage;
  const exams = (hit.inner_hits?.quoted.hits.hits ?? [])
    .map(({ _source: e }) => examShare(coverage, e.examId, e.price, e.mleArancel !== null && e.mleCopay !== null ? { arancel: e.mleArancel, copay: e.mleCopay } : null))
    .sort((a, b) => a.examId - b.examId);
  const offered = new Set(exams.map((e) => e.examId));
  const { laboratoryId, identifierName, addressLine1, comunaId, lat, lng, fonasaLevel } = hit._source;
  const place = hit._source.location;
  return {
    laboratoryId, identifierName, addressLine1, comunaId, lat, lng, fonasaLevel,
    acceptsInsurer,
    distanceKm: query.origin && place ? Math.round(distanceKm(query.origin, { lat: place.lat, lng: place.lon }) * 10) / 10 : null,
    exams,
    missingExamIds: query.examIds.filter((id) => !offered.has(id)),
    offersAll: query.examIds.length > 0 && offered.size === query.examIds.length,
    ...withVisitFee(withHomeFee(orderShare(exams), homeFeeOf(query, laboratoryId)), visitFeeFor(query.visitFees, { fees: hit._source.sampleFees ?? {}, bonoLevel: hit._source.bonoLevel ?? null }, coverage)),
  };
}

function withVisitFee<T extends { copay: number }>(share: T, fee: VisitFeeQuote | undefined): T & { fees: VisitFeeQuote[]; toPay: number } {
  const fees = fee ? [fee] : [];
  return { ...share, fees, toPay: toPay(share.copay, fees) };
}

/** The home-collection fee of this branch when the search asked for it (then part of the quote, as checkout charges it). */
function homeFeeOf(query: QuoteQuery, laboratoryId: number): number | undefined {
  const home = query.homeCollection;
  if (!home) return undefined;
  const at = home.laboratoryIds.indexOf(laboratoryId);
  return at < 0 ? 0 : home.fees[at];
}

function withHomeFee<T extends { total: number; copay: number }>(share: T, homeFee: number | undefined): T & { homeFee?: number } {
  if (homeFee === undefined) return share;
  return { ...share, total: share.total + homeFee, copay: share.copay + homeFee, homeFee };
}

/** Straight-line kilometres (haversine, Earth radius 6371 km), as the PostgreSQL adapter computes them. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}
