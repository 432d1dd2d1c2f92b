import { buildSearchRequest, coveredAmount, toLaboratoryQuote } from './elasticsearch-query';
import type { QuoteQuery } from '../search-index';

const base: QuoteQuery = {
  examIds: [11, 22], withNearLocations: false, coverage: { kind: 'NONE' }, filterValueIds: [], orderBy: 'identifierName', orderSort: 'asc', currentPage: 1, perPage: 10,
};

describe(buildSearchRequest.name, () => {
  it('matches laboratories offering any requested exam, scored by how many they offer, with those exams as inner hits', () => {
    const request = buildSearchRequest(base);
    expect(request.query).toEqual({
      bool: {
        filter: [],
        must: [
          {
            nested: {
              path: 'exams',
              score_mode: 'sum',
              query: { constant_score: { filter: { terms: { 'exams.examId': [11, 22] } }, boost: 1 } },
              inner_hits: { name: 'quoted', size: 2, _source: ['exams.examId', 'exams.price', 'exams.fonasaCoverage'] },
            },
          },
        ],
      },
    });
    expect(request.sort).toEqual([{ _score: 'desc' }, { 'identifierName.sort': 'asc' }, { laboratoryId: 'asc' }]);
  });

  it('orders by the summed price of the requested exams only, whole orders first', () => {
    const { sort } = buildSearchRequest({ ...base, orderBy: 'total', orderSort: 'desc' });
    expect(sort).toEqual([
      { _score: 'desc' },
      { 'exams.price': { order: 'desc', mode: 'sum', nested: { path: 'exams', filter: { terms: { 'exams.examId': [11, 22] } } } } },
      { 'identifierName.sort': 'asc' },
      { laboratoryId: 'asc' },
    ]);
  });

  it('orders by the FONASA copay field for FONASA MLE, and by price for a plan percentage', () => {
    const fonasa = buildSearchRequest({ ...base, orderBy: 'copay', coverage: { kind: 'FONASA', mle: true } });
    expect(Object.keys(fonasa.sort[1])).toEqual(['exams.fonasaCopay']);
    const isapre = buildSearchRequest({ ...base, orderBy: 'copay', coverage: { kind: 'PERCENT', percentage: 70 } });
    expect(Object.keys(isapre.sort[1])).toEqual(['exams.price']);
  });

  it('filters the comuna (and its neighbours) after the comuna facet, which stays within the region', () => {
    const request = buildSearchRequest({ ...base, comunaId: 121, withNearLocations: true, regionId: 13, insurerIds: [1, 2], filterValueIds: [[3, 4], [7]] });
    expect(request.post_filter).toEqual({ term: { servedComunaIds: 121 } });
    expect((request.query.bool as { filter: unknown[] }).filter).toEqual([{ terms: { insurerIds: [1, 2] } }, { terms: { filterValueIds: [3, 4] } }, { terms: { filterValueIds: [7] } }]);
    expect(request.aggs).toMatchObject({
      region: { filter: { term: { regionId: 13 } }, aggs: { comunas: { terms: { field: 'comunaId' } } } },
      located: { filter: { term: { servedComunaIds: 121 } }, aggs: { insurers: { terms: { field: 'insurerIds' } }, filterValues: { terms: { field: 'filterValueIds' } } } },
    });
    expect(buildSearchRequest({ ...base, comunaId: 121, withNearLocations: false }).post_filter).toEqual({ term: { comunaId: 121 } });
  });

  it('filters by region when no comuna is chosen, lists by name without exams, and pages', () => {
    const request = buildSearchRequest({ ...base, examIds: [], regionId: 13, currentPage: 3, perPage: 20, laboratoryName: 'pacifico' });
    expect((request.query.bool as { filter: unknown[]; must: unknown[] }).filter).toEqual([
      { term: { regionId: 13 } },
      { match: { identifierName: { query: 'pacifico', operator: 'and', fuzziness: 'AUTO' } } },
    ]);
    expect((request.query.bool as { must: unknown[] }).must).toEqual([]);
    expect(request.sort).toEqual([{ 'identifierName.sort': 'asc' }, { laboratoryId: 'asc' }]);
    expect([request.from, request.size, request.post_filter]).toEqual([40, 20, undefined]);
  });
});

describe(toLaboratoryQuote.name, () => {
  const hit = {
    _source: { laboratoryId: 5, identifierName: 'Laboratorio Andes', addressLine1: 'Calle 1', comunaId: 121, lat: -33.4, lng: -70.6, fonasaLevel: 1 },
    inner_hits: { quoted: { hits: { hits: [{ _source: { examId: 22, price: 9000, fonasaCoverage: 3190 } }, { _source: { examId: 11, price: 4000, fonasaCoverage: 5000 } }] } } },
  };

  it('totals the order and its FONASA coverage, never covering more than the price', () => {
    expect(toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33], coverage: { kind: 'FONASA', mle: true } })).toMatchObject({
      exams: [{ examId: 11, price: 4000, coverage: 4000, copay: 0 }, { examId: 22, price: 9000, coverage: 3190, copay: 5810 }],
      missingExamIds: [33],
      offersAll: false,
      total: 13000,
      coverage: 7190,
      copay: 5810,
    });
  });

  it('applies a plan percentage per exam, rounded to whole pesos', () => {
    expect(coveredAmount({ kind: 'PERCENT', percentage: 65 }, 4990, null)).toBe(3244);
    expect(toLaboratoryQuote(hit, { ...base, coverage: { kind: 'PERCENT', percentage: 70 } })).toMatchObject({ total: 13000, coverage: 9100, copay: 3900, offersAll: true });
  });
});
