import { EMPTY_FILTER, filterFromUrl, filterToUrl, searchBody } from './quoteFilter';

describe('the /buscador filter in the address bar', () => {
  it('round-trips a whole medical order with place, insurer and ordering', () => {
    const filter = { ...EMPTY_FILTER, exams: [28, 87], locationFk: 7, location: 121, nearLocations: true, pensionHealtInstitutionId: 2, coveragePercentage: 70, laboratoryName: 'Vértice', orderBy: 'copay' as const, orderSort: 'desc' as const };
    const query = filterToUrl(filter, 3);
    expect(query).toBe('examenes=28%2C87&region=7&comuna=121&cercanas=1&prevision=2&cobertura=70&laboratorio=V%C3%A9rtice&orden=copay&sentido=desc&pagina=3');
    expect(filterFromUrl(new URLSearchParams(query))).toEqual({ filter, page: 3 });
  });

  it('keeps comunas added to the chosen one as the list of `cercanas`, and sends them as the spec\'s nearLocations list', () => {
    const filter = { ...EMPTY_FILTER, exams: [28], locationFk: 7, location: 121, addedComunas: [122, 130], orderBy: 'distance' as const };
    const query = filterToUrl(filter);
    expect(query).toBe('examenes=28&region=7&comuna=121&cercanas=122%2C130&orden=distance');
    expect(filterFromUrl(new URLSearchParams(query)).filter).toEqual(filter);
    expect(searchBody(filter)).toMatchObject({ location: 121, nearLocations: [122, 130] });
    expect(searchBody(filter)).not.toHaveProperty('addedComunas');
    expect(searchBody({ ...filter, nearLocations: true }).nearLocations).toBe(true);
    expect(searchBody(EMPTY_FILTER).nearLocations).toBe(false);
  });

  it('leaves defaults out, so an empty search is a bare /buscador', () => {
    expect(filterToUrl(EMPTY_FILTER)).toBe('');
    expect(filterFromUrl(new URLSearchParams(''))).toEqual({ filter: EMPTY_FILTER, page: 1 });
  });

  it('ignores what a hand-edited address gets wrong instead of sending it to the API', () => {
    const { filter, page } = filterFromUrl(new URLSearchParams('examenes=28,abc,-3,28&comuna=x&cobertura=150&orden=drop&pagina=0'));
    expect(filter.exams).toEqual([28]);
    expect(filter.location).toBeNull();
    expect(filter.coveragePercentage).toBeNull();
    // An unknown ordering: what the patient pays in all, the storefront's default.
    expect(filter.orderBy).toBe('toPay');
    expect(page).toBe(1);
  });
});
