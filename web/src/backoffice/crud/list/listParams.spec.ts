import { changeListParams, filterText, readListParams, type FilterDef } from './listParams';

const filters: FilterDef[] = [
  { name: 'term', label: 'Buscar', type: 'text' },
  { name: 'typeExamId', label: 'Tipo', type: 'select', parse: Number },
  { name: 'status', label: 'Estado', type: 'select', defaultValue: 'active' },
  { name: 'show', label: 'Mostrar', type: 'select', toQuery: (raw) => (raw === 'withdrawn' ? { isActive: false } : { status: raw, isActive: true }) },
];
const read = (text: string) => readListParams(new URLSearchParams(text), { filters, defaultSort: { orderBy: 'name', orderSort: 'asc' }, sortKeys: ['code', 'name'] });

describe('a list read from its parameters', () => {
  it('is the first page of 25 in the default order, with the filters that have a default', () => {
    expect(read('')).toEqual({ page: 1, perPage: 25, ordering: { orderBy: 'name', orderSort: 'asc' }, filterQuery: { status: 'active' }, filtered: false });
  });

  it('takes the page, a page size it offers and an order by a sortable column', () => {
    expect(read('page=3&perPage=50&orderBy=code&orderSort=desc')).toMatchObject({ page: 3, perPage: 50, ordering: { orderBy: 'code', orderSort: 'desc' } });
  });

  it('falls back on what an old or edited link gets wrong', () => {
    expect(read('page=-2&perPage=7&orderBy=password&orderSort=sideways')).toMatchObject({ page: 1, perPage: 25, ordering: { orderBy: 'name', orderSort: 'asc' } });
  });

  it('sends no order for a list its route orders', () => {
    expect(readListParams(new URLSearchParams('orderBy=name'), { filters: [], sortKeys: [] }).ordering).toBeUndefined();
  });

  it('turns filters into request fields: parsed, several fields for one choice, and says when one is set', () => {
    expect(read('term=hemo&typeExamId=4&status=all&show=PENDING')).toMatchObject({
      filterQuery: { term: 'hemo', typeExamId: 4, status: 'PENDING', isActive: true },
      filtered: true,
    });
    expect(read('show=withdrawn').filterQuery).toEqual({ status: 'active', isActive: false });
  });

  it('shows a filter as its text, or its default', () => {
    expect(filterText(new URLSearchParams('term=hemo'), filters[0], 'term')).toBe('hemo');
    expect(filterText(new URLSearchParams(''), filters[2], 'status')).toBe('active');
    expect(filterText(new URLSearchParams(''), filters[1], 'typeExamId')).toBe('');
  });
});

describe('a change to a list', () => {
  const start = new URLSearchParams('term=hemo&page=4&perPage=50&orderBy=code');

  it('goes back to page 1 unless it is paging', () => {
    expect(changeListParams(start, { orderBy: 'name', orderSort: 'desc' }, filters).toString()).toBe('term=hemo&perPage=50&orderBy=name&orderSort=desc');
    expect(changeListParams(start, { page: '5', perPage: '50' }, filters).toString()).toBe('term=hemo&page=5&perPage=50&orderBy=code');
  });

  it('leaves out an empty value and a filter at its default', () => {
    expect(changeListParams(start, { term: null, status: 'active' }, filters).toString()).toBe('perPage=50&orderBy=code');
    expect(changeListParams(start, { term: '', status: 'all' }, filters).toString()).toBe('perPage=50&orderBy=code&status=all');
  });

  it('does not change the parameters it was given', () => {
    changeListParams(start, { term: 'tsh' }, filters);
    expect(start.get('term')).toBe('hemo');
  });
});
