import { buildSearchRequest, buildSplitCandidateRequests, toLaboratoryQuote, toSplitCandidate } from './elasticsearch-query';
import { bestSplit } from '../split-offer';
import type { QuoteQuery } from '../search-index';

const base: QuoteQuery = {
  examIds: [11, 22], withNearLocations: false, coverage: { kind: 'NONE' }, visitFees: [], filterValueIds: [], orderBy: 'identifierName', orderSort: 'asc', currentPage: 1, perPage: 10,
};

describe(buildSearchRequest.name, () => {
  it('matches laboratories offering any requested exam, with those exams as inner hits, and scores 1 those offering them all', () => {
    const request = buildSearchRequest(base);
    expect(request.query).toEqual({
      bool: {
        filter: [],
        must: [
          {
            nested: {
              path: 'exams',
              score_mode: 'none',
              query: { constant_score: { filter: { terms: { 'exams.examId': [11, 22] } } } },
              inner_hits: { name: 'quoted', size: 2, _source: ['exams.examId', 'exams.price', 'exams.mleArancel', 'exams.mleCopay'] },
            },
          },
        ],
        should: [
          {
            constant_score: {
              filter: { bool: { filter: [{ nested: { path: 'exams', query: { term: { 'exams.examId': 11 } } } }, { nested: { path: 'exams', query: { term: { 'exams.examId': 22 } } } }] } },
              boost: 1,
            },
          },
        ],
      },
    });
    expect(request.sort).toEqual([{ _score: 'desc' }, { 'identifierName.sort': 'asc' }, { laboratoryId: 'asc' }]);
  });

  it('puts whole orders first and then orders every laboratory by its total, however many exams it lacks', () => {
    // The score only tells complete (1) from incomplete (0): 4 of 5 exams and 3 of 5 tie, and the
    // nested sum of their prices decides, as in the PostgreSQL adapter.
    const request = buildSearchRequest({ ...base, examIds: [1, 2, 3, 4, 5], orderBy: 'total' });
    const [whole] = (request.query.bool as { should: { constant_score: { filter: { bool: { filter: unknown[] } }; boost: number } }[] }).should;
    expect(whole.constant_score.filter.bool.filter).toHaveLength(5);
    expect(whole.constant_score.boost).toBe(1);
    expect((request.query.bool as { must: { nested: { score_mode: string } }[] }).must[0].nested.score_mode).toBe('none');
    expect(request.sort.slice(0, 2)).toEqual([
      { _score: 'desc' },
      { 'exams.price': { order: 'asc', mode: 'sum', nested: { path: 'exams', filter: { terms: { 'exams.examId': [1, 2, 3, 4, 5] } } } } },
    ]);
    expect(request.track_total_hits).toBe(true);
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

  it('filters the comuna (and its neighbours) after the comuna facet, which spans the neighbourhood', () => {
    const request = buildSearchRequest({ ...base, comunaId: 121, withNearLocations: true, regionId: 13, insurerIds: [1, 2], filterValueIds: [[3, 4], [7]] });
    expect(request.post_filter).toEqual({ term: { servedComunaIds: 121 } });
    expect((request.query.bool as { filter: unknown[] }).filter).toEqual([{ terms: { filterValueIds: [3, 4] } }, { terms: { filterValueIds: [7] } }]);
    expect(request.aggs).toMatchObject({
      region: { filter: { term: { servedComunaIds: 121 } }, aggs: { comunas: { terms: { field: 'comunaId' } } } },
      located: { filter: { term: { servedComunaIds: 121 } }, aggs: { insurers: { terms: { field: 'insurerIds' } }, filterValues: { terms: { field: 'filterValueIds' } } } },
    });
    expect(buildSearchRequest({ ...base, comunaId: 121, withNearLocations: false }).post_filter).toEqual({ term: { comunaId: 121 } });
  });

  it('at home: filters the branches whose collection reaches the comuna (wherever they are), after the comuna facet', () => {
    const request = buildSearchRequest({ ...base, comunaId: 121, withNearLocations: true, regionId: 13, homeCollection: { laboratoryIds: [5, 8], fees: [4990, 6990] } });
    expect(request.post_filter).toEqual({ terms: { laboratoryId: [5, 8] } });
    expect(request.aggs).toMatchObject({ region: { filter: { term: { servedComunaIds: 121 } } }, located: { filter: { terms: { laboratoryId: [5, 8] } } } });
  });

  it('adds comunas to the chosen one, and counts the comuna facet within its neighbourhood, not the region', () => {
    const request = buildSearchRequest({ ...base, comunaId: 121, addedComunaIds: [122, 130], regionId: 13 });
    expect(request.post_filter).toEqual({ terms: { comunaId: [121, 122, 130] } });
    expect(request.aggs).toMatchObject({ region: { filter: { term: { servedComunaIds: 121 } } } });
    expect(buildSearchRequest({ ...base, regionId: 13 }).aggs).toMatchObject({ region: { filter: { term: { regionId: 13 } } } });
  });

  it('never filters by previsión: taking it scores 2, before whole orders (1), with or without exams', () => {
    const request = buildSearchRequest({ ...base, insurerIds: [1, 2] });
    const bool = request.query.bool as { filter: unknown[]; should: unknown[] };
    expect(bool.filter).toEqual([]);
    expect(bool.should).toContainEqual({ constant_score: { filter: { terms: { insurerIds: [1, 2] } }, boost: 2 } });
    expect(request.sort[0]).toEqual({ _score: 'desc' });
    // Without exams, the previsión clause alone must not become required.
    const listing = buildSearchRequest({ ...base, examIds: [], insurerIds: [1, 2] });
    expect(listing.query.bool).toMatchObject({ must: [], minimum_should_match: 0 });
    expect(listing.sort).toEqual([{ _score: 'desc' }, { 'identifierName.sort': 'asc' }, { laboratoryId: 'asc' }]);
  });

  it('orders "Más cercano" by geo distance from the chosen comuna', () => {
    const { sort } = buildSearchRequest({ ...base, orderBy: 'distance', origin: { lat: -33.43, lng: -70.61 } });
    expect(sort).toEqual([
      { _score: 'desc' },
      { _geo_distance: { location: { lat: -33.43, lon: -70.61 }, order: 'asc', unit: 'km' } },
      { 'identifierName.sort': 'asc' },
      { laboratoryId: 'asc' },
    ]);
  });

  it('filters by region when no comuna is chosen, lists by name without exams (branches that publish a price), and pages', () => {
    const request = buildSearchRequest({ ...base, examIds: [], regionId: 13, currentPage: 3, perPage: 20, laboratoryName: 'pacifico' });
    expect((request.query.bool as { filter: unknown[]; must: unknown[] }).filter).toEqual([
      { term: { regionId: 13 } },
      { match: { identifierName: { query: 'pacifico', operator: 'and', fuzziness: 'AUTO' } } },
      { nested: { path: 'exams', query: { exists: { field: 'exams.examId' } } } },
    ]);
    expect(request.query.bool).toMatchObject({ must: [], should: [] });
    expect(request.sort).toEqual([{ 'identifierName.sort': 'asc' }, { laboratoryId: 'asc' }]);
    expect([request.from, request.size, request.post_filter]).toEqual([40, 20, undefined]);
  });
});

describe(toLaboratoryQuote.name, () => {
  // Hemograma (03-01-045) at level 2: arancel $4.120, copay $2.530. Exam 22: bono copay $5.650
  // above the private price $4.000. Exam 33: no MLE value.
  const exam = (examId: number, price: number, mleArancel: number | null, mleCopay: number | null) => ({ _source: { examId, price, mleArancel, mleCopay } });
  const hit = {
    _source: { laboratoryId: 5, identifierName: 'Laboratorio Andes', addressLine1: 'Calle 1', comunaId: 121, lat: -33.4, lng: -70.6, fonasaLevel: 2, insurerIds: [1, 7], location: { lat: -33.4, lon: -70.6 } },
    inner_hits: { quoted: { hits: { hits: [exam(22, 4000, 11300, 5650), exam(11, 5760, 4120, 2530), exam(33, 3000, null, null)] } } },
  };

  it('charges a FONASA patient the bono copay of the branch level, the private price where it is lower, and the private price without a bono', () => {
    expect(toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33, 44], coverage: { kind: 'FONASA', mle: true } })).toMatchObject({
      exams: [
        { examId: 11, price: 5760, coverage: 1590, copay: 2530, payment: 'BONO', privateCheaper: false },
        { examId: 22, price: 4000, coverage: 0, copay: 4000, payment: 'PRIVATE', privateCheaper: true },
        { examId: 33, price: 3000, coverage: 0, copay: 3000, payment: 'PRIVATE', privateCheaper: false },
      ],
      missingExamIds: [44],
      offersAll: false,
      total: 12760,
      coverage: 1590,
      copay: 9530,
      bonoCopay: 2530,
      privateCopay: 7000,
    });
  });

  it('charges FONASA tramo A and no insurer the private price', () => {
    for (const coverage of [{ kind: 'FONASA', mle: false } as const, { kind: 'NONE' } as const]) {
      expect(toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33], coverage })).toMatchObject({ total: 12760, coverage: 0, copay: 12760, bonoCopay: 0, privateCopay: 12760, offersAll: true });
    }
  });

  it('applies an Isapre plan percentage per exam, rounded to whole pesos', () => {
    const quote = toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33], coverage: { kind: 'PERCENT', percentage: 65 } });
    expect(quote.exams.map((e) => e.coverage)).toEqual([3744, 2600, 1950]);
    expect(quote).toMatchObject({ total: 12760, coverage: 8294, copay: 4466, privateCopay: 4466 });
  });

  it('quotes a branch that does not take the previsión at private prices, and says whether it does', () => {
    const isapre: QuoteQuery = { ...base, examIds: [11, 22, 33], coverage: { kind: 'PERCENT', percentage: 65 } };
    expect(toLaboratoryQuote(hit, { ...isapre, insurerIds: [9] })).toMatchObject({ acceptsInsurer: false, coverage: 0, copay: 12760 });
    expect(toLaboratoryQuote(hit, { ...isapre, insurerIds: [7, 8] })).toMatchObject({ acceptsInsurer: true, coverage: 8294 });
    expect(toLaboratoryQuote(hit, isapre).acceptsInsurer).toBeNull();
    const fonasa = toLaboratoryQuote(hit, { ...base, examIds: [11], coverage: { kind: 'FONASA', mle: true }, insurerIds: [3] });
    expect(fonasa).toMatchObject({ acceptsInsurer: false, bonoCopay: 0, coverage: 0, copay: 12760 });
  });

  it('adds the home-collection fee of the branch to the total and to what the patient pays, when asked', () => {
    const home = { ...base, examIds: [11, 22, 33], homeCollection: { laboratoryIds: [4, 5], fees: [3990, 4990] } };
    expect(toLaboratoryQuote(hit, home)).toMatchObject({ homeFee: 4990, total: 12760 + 4990, copay: 12760 + 4990, privateCopay: 12760 });
    expect(toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33] }).homeFee).toBeUndefined();
  });

  it("adds the visit's sample taking once, covered by FONASA's bono at the branch's level, and bounds an Isapre share by the plan's cap (the PostgreSQL contract's cases)", () => {
    const venous = { kind: 'VENOUS', bono: { arancel: [910, 1180, 1460], copay: [450, 720, 1000] } } as const;
    const charging = { ...hit, _source: { ...hit._source, sampleFees: { VENOUS: 2500, PEDIATRIC: 3500 }, bonoLevel: 2 } };
    const fees = (over: Partial<QuoteQuery>) => toLaboratoryQuote(charging, { ...base, examIds: [11, 22, 33], visitFees: [venous], ...over });
    expect(fees({})).toMatchObject({ total: 12760, copay: 12760, fees: [{ kind: 'VENOUS', amount: 2500, copay: 2500 }], toPay: 15260 });
    expect(fees({ coverage: { kind: 'FONASA', mle: true } }).fees).toEqual([{ kind: 'VENOUS', amount: 2500, copay: 720 }]);
    expect(fees({ visitFees: [] })).toMatchObject({ fees: [], toPay: 12760 });
    // A branch that charges no sample taking.
    expect(toLaboratoryQuote(hit, { ...base, examIds: [11, 22, 33], visitFees: [venous] })).toMatchObject({ fees: [], toPay: 12760 });
    const capped = fees({ coverage: { kind: 'PERCENT', percentage: 65, cap: 2000 } });
    // 65 % of 5.760 is 3.744 and of 4.000 is 2.600: capped at 2.000; 65 % of 3.000 is 1.950, below it.
    expect(capped.exams.map((e) => [e.coverage, e.capped ?? false])).toEqual([[2000, true], [2000, true], [1950, false]]);
    expect(capped.fees).toEqual([{ kind: 'VENOUS', amount: 2500, copay: 875 }]);
  });

  it('measures the kilometres from the chosen comuna to the branch', () => {
    // Santiago centro to the branch: about 4 km.
    const quote = toLaboratoryQuote(hit, { ...base, origin: { lat: -33.4372, lng: -70.6506 } });
    expect(quote.distanceKm).toBeGreaterThan(5);
    expect(quote.distanceKm).toBeLessThan(8);
    expect(toLaboratoryQuote(hit, base).distanceKm).toBeNull();
  });
});

describe(buildSplitCandidateRequests.name, () => {
  const query: QuoteQuery = { ...base, comunaId: 121, withNearLocations: true, withSplitCandidates: true, coverage: { kind: 'FONASA', mle: true }, orderBy: 'toPay', currentPage: 3 };

  it('asks, within the same area, for the 6 branches cheapest for each exam and the 10 cheapest with the whole order', () => {
    const [perExam11, perExam22, whole] = buildSplitCandidateRequests(query);
    const has = (examId: number) => ({ nested: { path: 'exams', query: { term: { 'exams.examId': examId } } } });
    expect(perExam11).toMatchObject({ size: 6, from: 0, post_filter: { term: { servedComunaIds: 121 } }, track_total_hits: false, aggs: undefined });
    expect((perExam11.query as { bool: { filter: unknown[] } }).bool.filter).toEqual([has(11)]);
    expect(perExam11.sort).toEqual([{ 'exams.fonasaCopay': { order: 'asc', mode: 'sum', nested: { path: 'exams', filter: { term: { 'exams.examId': 11 } } } } }, { laboratoryId: 'asc' }]);
    expect((perExam22.query as { bool: { filter: unknown[] } }).bool.filter).toEqual([has(22)]);
    expect(whole).toMatchObject({ size: 10, from: 0 });
    expect((whole.query as { bool: { filter: unknown[] } }).bool.filter).toEqual([has(11), has(22)]);
    expect(whole.sort[0]).toEqual({ 'exams.fonasaCopay': { order: 'asc', mode: 'sum', nested: { path: 'exams', filter: { terms: { 'exams.examId': [11, 22] } } } } });
  });

  it('reads each hit as a candidate the split rules then pair (the PostgreSQL contract case: none has the whole order)', () => {
    const at = (laboratoryId: number, examId: number, price: number, venous: number | null) => ({
      _source: { laboratoryId, identifierName: `Laboratorio ${laboratoryId}`, addressLine1: 'Calle 1', comunaId: 121, lat: null, lng: null, fonasaLevel: null, sampleFees: { VENOUS: venous }, bonoLevel: null },
      inner_hits: { quoted: { hits: { hits: [{ _source: { examId, price, mleArancel: null, mleCopay: null } }] } } },
    });
    const private_ = { ...query, coverage: { kind: 'NONE' } as const };
    const candidates = [toSplitCandidate(at(1, 11, 2500, 1500), private_), toSplitCandidate(at(2, 22, 3500, null), private_)];
    expect(candidates[0]).toEqual({ laboratoryId: 1, identifierName: 'Laboratorio 1', comunaId: 121, accepts: true, fees: { VENOUS: 1500 }, bonoLevel: null, lines: [{ examId: 11, pays: 2500 }] });
    const venous = { kind: 'VENOUS', bono: null } as const;
    expect(bestSplit(candidates, [11, 22], () => [venous], { kind: 'NONE' })).toMatchObject({
      toPay: 2500 + 1500 + 3500, single: null, saving: null,
      visits: [{ laboratoryId: 1, examIds: [11], toPay: 4000 }, { laboratoryId: 2, examIds: [22], toPay: 3500 }],
    });
  });
});
