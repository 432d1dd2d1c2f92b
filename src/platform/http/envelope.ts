import type { Page } from '../../contracts/envelope';

export type { Envelope, Page } from '../../contracts/envelope';

export function page<T>(items: T[], total: number, currentPage: number, perPage: number): Page<T> {
  return { items, total, currentPage, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * What a handler may return for a wire type of `src/contracts`: the same fields, with `Date`
 * wherever the wire has an ISO string (JSON.stringify turns one into the other).
 */
export type ServerSide<T> = T extends string ? T | Date : T extends (infer U)[] ? ServerSide<U>[] : T extends object ? { [K in keyof T]: ServerSide<T[K]> } : T;
