import { page, type Page } from '../http/envelope';

export interface Paging {
  currentPage: number;
  perPage: number;
}

/** The rows of one page: what `findMany` takes besides `where`, `select` and `orderBy`. */
export interface PageWindow {
  skip: number;
  take: number;
}

/**
 * One page of a list and its total, as every `.../search` answers it:
 * `findPage(filter, (w) => prisma.exam.findMany({ where, select, orderBy, ...w }), () => prisma.exam.count({ where }))`.
 */
export async function findPage<Row>(paging: Paging, rows: (window: PageWindow) => Promise<Row[]>, count: () => Promise<number>): Promise<Page<Row>> {
  const [items, total] = await Promise.all([rows({ skip: (paging.currentPage - 1) * paging.perPage, take: paging.perPage }), count()]);
  return page(items, total, paging.currentPage, paging.perPage);
}
