import { entryAt } from './registry';

describe('the resource an address opens (its chunk is loaded with the sign-in check)', () => {
  it('is the longest registered path holding the address, as the router picks', () => {
    expect(entryAt('/app/reports')?.name).toBe('reports');
    expect(entryAt('/app/reports/searchHistory')?.name).toBe('reports-search-history');
    expect(entryAt('/app/reports/resultHistory/view/3')?.name).toBe('reports-result-history');
    expect(entryAt('/app/maintainers/uf-values/edit/2')?.name).toBe('uf-values');
  });

  it('is none for an address of no resource, nor for a path that only starts like one', () => {
    expect(entryAt('/app')).toBeUndefined();
    expect(entryAt('/app/reportsX')).toBeUndefined();
    expect(entryAt('/app/maintainers')).toBeUndefined();
  });
});
