import reducer, { filterChanged, filterCleaned, filterSet, insurerCleaned, locationCleaned, pageChanged, searchStarted } from './searchSlice';
import { EMPTY_FILTER } from './quoteFilter';

const start = reducer(undefined, { type: 'init' });

describe('the /buscador filter state (spec §4)', () => {
  it('resets the fields the main filter leaves out', () => {
    const before = reducer(start, filterSet({ exams: [28], location: 121, locationFk: 7, pensionHealtInstitutionId: 1, laboratoryName: 'Vértice' }));
    const after = reducer(reducer(before, pageChanged(3)), filterSet({ exams: [87] }));
    expect(after.filter).toEqual({ ...EMPTY_FILTER, exams: [87] });
    expect(after.page).toBe(1);
  });

  it('clears a location together with its foreign-key location, and an insurer with its coverage', () => {
    const state = reducer(start, filterSet({ exams: [28], location: 121, locationFk: 7, nearLocations: true, pensionHealtInstitutionId: 2, coveragePercentage: 80 }));
    expect(reducer(state, locationCleaned()).filter).toEqual({ ...state.filter, location: null, locationFk: null, nearLocations: false });
    expect(reducer(state, insurerCleaned()).filter).toEqual({ ...state.filter, pensionHealtInstitutionId: null, coveragePercentage: null });
  });

  it('"Limpiar filtros" keeps the order, the place, the previsión and the ordering', () => {
    const person = { exams: [28, 87], location: 121, locationFk: 7, nearLocations: true, pensionHealtInstitutionId: 2, coveragePercentage: 70, orderBy: 'copay' as const, orderSort: 'asc' as const };
    const state = reducer(start, filterSet({ ...person, laboratoryName: 'Vértice', attributesValues: [3, 4], typeExamId: 5 }));
    expect(reducer(state, filterCleaned()).filter).toEqual({ ...EMPTY_FILTER, ...person });
  });

  it('changes the page only when it differs, and returns to page 1 when a field changes', () => {
    const onThree = reducer(start, pageChanged(3));
    expect(reducer(onThree, pageChanged(3))).toBe(onThree);
    expect(reducer(onThree, filterChanged({ orderBy: 'total' })).page).toBe(1);
  });

  it('raises the scroll flag when a search starts', () => {
    expect(reducer(start, searchStarted()).scroll).toBe(true);
  });
});
