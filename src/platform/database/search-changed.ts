import type { Tx } from './prisma.service';

/**
 * NOTIFY channel of commits that changed what a search answers (the projection, a rebuild, the UF's value): the
 * API processes forget the answers and references they keep (search/search-changes.ts). Here, below the modules,
 * so that any writer may say it without depending on the search.
 */
export const SEARCH_CHANGED_CHANNEL = 'search_changed';

/** Says, in the writer's transaction, that searches may answer differently once it commits. */
export async function announceSearchChange(tx: Pick<Tx, '$executeRawUnsafe'>): Promise<void> {
  await tx.$executeRawUnsafe(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
}
