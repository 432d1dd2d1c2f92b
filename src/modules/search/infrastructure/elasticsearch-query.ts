import { examShare, orderShare } from '../quote-rules';
import type { Coverage, LaboratoryQuote, QuoteQuery } from '../search-index';

/**
 * Builds the Elasticsearch request of a /buscador query and reads its answer, as pure functions
 * (unit-tested beside this file). The rules are those of the PostgreSQL adapter:
 * - a laboratory matches when it offers at least one requested exam (nested query, its lines as
 *   inner hits); its score is 1 when it offers them all and 0 otherwise, so whole orders sort first;
 * - the total and the FONASA copay are summed by nested sorts over the requested exams only;
 * - the comuna condition is a post_filter, so that the comuna facet still shows the region's
 *   other comunas; the insurer and attribute facets are counted within the comuna.
 */

type Json = Record<string, unknown>;

export interface EsSearchRequest {
  query: Json;
  post_filter?: Json;
  sort: Json[];
  aggs: Json;
  from: number;
  size: number;
  track_total_hits: true;
  _source: string[];
}

export function buildSearchRequest(query: QuoteQuery): EsSearchRequest {
  const filters: Json[] = [];
  // With a comuna, the region only bounds the comuna facet (neighbours may lie across a region border).
  const region = query.regionId === undefined ? undefined : { term: { regionId: query.regionId } };
  if (region && query.comunaId === undefined) filters.push(region);
  if (query.insurerIds?.length) filters.push({ terms: { insurerIds: query.insurerIds } });
  for (const group of query.filterValueIds) filters.push({ terms: { filterValueIds: group } });
  if (query.laboratoryName) filters.push({ match: { identifierName: { query: query.laboratoryName, operator: 'and', fuzziness: 'AUTO' } } });
  if (query.laboratoryId !== undefined) filters.push({ term: { laboratoryId: query.laboratoryId } });
  if (query.typeExamId !== undefined) filters.push({ nested: { path: 'exams', query: { term: { 'exams.typeExamId': query.typeExamId } } } });

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
  const location = comunaFilter(query);
  const direction = query.orderSort;
  const nestedSum = (field: string) => ({ [`exams.${field}`]: { order: direction, mode: 'sum', nested: { path: 'exams', filter: examFilter } } });
  const sort: Json[] =
    query.examIds.length === 0
      ? [{ 'identifierName.sort': direction }, { laboratoryId: 'asc' }]
      : [
          { _score: 'desc' },
          ...(query.orderBy === 'total' ? [nestedSum('price')] : []),
          ...(query.orderBy === 'copay' ? [nestedSum(copayField(query.coverage))] : []),
          ...(query.orderBy === 'identifierName' ? [{ 'identifierName.sort': direction }] : [{ 'identifierName.sort': 'asc' }]),
          { laboratoryId: 'asc' },
        ];
  const within = (filter: Json | undefined, aggs: Json) => ({ filter: filter ?? { match_all: {} }, aggs });
  return {
    query: { bool: { filter: filters, must, should } },
    ...(location && { post_filter: location }),
    sort,
    aggs: {
      region: within(region, { comunas: { terms: { field: 'comunaId', size: 400 } } }),
      located: within(location, {
        insurers: { terms: { field: 'insurerIds', size: 100 } },
        filterValues: { terms: { field: 'filterValueIds', size: 200 } },
      }),
    },
    from: (query.currentPage - 1) * query.perPage,
    size: query.perPage,
    track_total_hits: true,
    _source: ['laboratoryId', 'identifierName', 'addressLine1', 'comunaId', 'lat', 'lng', 'fonasaLevel'],
  };
}

function comunaFilter(query: QuoteQuery): Json | undefined {
  if (query.comunaId === undefined) return undefined;
  return query.withNearLocations ? { term: { servedComunaIds: query.comunaId } } : { term: { comunaId: query.comunaId } };
}

/**
 * The field whose nested sum orders by what the patient pays: for FONASA (MLE) the precomputed
 * bono-or-private amount; with an Isapre or nothing, the price (a percentage keeps its order).
 */
function copayField(coverage: Coverage): string {
  return coverage.kind === 'FONASA' && coverage.mle ? 'fonasaCopay' : 'price';
}

interface EsHit {
  _source: { laboratoryId: number; identifierName: string; addressLine1: string; comunaId: number; lat: number | null; lng: number | null; fonasaLevel: number | null };
  inner_hits?: { quoted: { hits: { hits: { _source: { examId: number; price: number; mleArancel: number | null; mleCopay: number | null } }[] } } };
}

export function toLaboratoryQuote(hit: EsHit, query: QuoteQuery): LaboratoryQuote {
  const exams = (hit.inner_hits?.quoted.hits.hits ?? [])
    .map(({ _source: e }) => examShare(query.coverage, e.examId, e.price, e.mleArancel !== null && e.mleCopay !== null ? { arancel: e.mleArancel, copay: e.mleCopay } : null))
    .sort((a, b) => a.examId - b.examId);
  const offered = new Set(exams.map((e) => e.examId));
  const { laboratoryId, identifierName, addressLine1, comunaId, lat, lng, fonasaLevel } = hit._source;
  return {
    laboratoryId, identifierName, addressLine1, comunaId, lat, lng, fonasaLevel,
    exams,
    missingExamIds: query.examIds.filter((id) => !offered.has(id)),
    offersAll: query.examIds.length > 0 && offered.size === query.examIds.length,
    ...orderShare(exams),
  };
}
