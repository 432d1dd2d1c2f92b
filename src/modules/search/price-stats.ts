import { LRUCache } from 'lru-cache';
import { Prisma } from '../../generated/prisma/client';
import type { ExamPriceStats } from '../../contracts/search';
import type { HotPath } from '../../platform/database/hot-path';
import { STALE_AFTER_MONTHS } from '../catalogue/pricing';
import type { SearchChanges } from './search-changes';

/**
 * Where an exam's price sits in its region (issue 30): the minimum, median and maximum of the region's authorized
 * prices confirmed in the last 6 months. Kept in the API process by region and exam, and forgotten on every change
 * the search hears (as the answers are): a region's figures move only when its prices do. Read from the quote index
 * alone (exam, comuna ... INCLUDE price, confirmed_at), the region's comunas being where its prices are: joining each
 * price to its branch and to the write model for its confirmation cost 32 ms for a Santiago order at 600,000 prices,
 * more than the search itself, on every first search of a region and exam after a change.
 */
export class PriceStats {
  private readonly kept = new LRUCache<string, { stats: ExamPriceStats | null }>({ max: 20_000 });

  constructor(
    private readonly reads: HotPath,
    private readonly changes: SearchChanges,
  ) {
    changes.onChange(() => this.kept.clear());
  }

  async of(regionId: number, examIds: number[]): Promise<Record<number, ExamPriceStats>> {
    const key = (examId: number) => `${regionId}:${examId}`;
    const missing = examIds.filter((id) => !this.kept.has(key(id)));
    if (missing.length > 0) {
      const generation = this.changes.generation;
      const rows = await this.reads.query<{ exam_id: number; min: number; median: number; max: number; count: number }>(Prisma.sql`
        SELECT p.exam_id, min(p.price)::int AS min, percentile_disc(0.5) WITHIN GROUP (ORDER BY p.price)::int AS median, max(p.price)::int AS max, count(*)::int AS count
        FROM search_laboratory_exam p
        WHERE p.exam_id = ANY(${missing}::int[]) AND p.comuna_id = ANY(ARRAY(SELECT c.id FROM location c WHERE c.parent_id = ${regionId}))
          AND p.confirmed_at > now() - make_interval(months => ${STALE_AFTER_MONTHS})
        GROUP BY p.exam_id`);
      const found = new Map(rows.map((r) => [r.exam_id, { min: r.min, median: r.median, max: r.max, count: r.count }]));
      // Kept only if no change was heard while reading (it could have been read before it).
      if (this.changes.unchangedSince(generation)) for (const id of missing) this.kept.set(key(id), { stats: found.get(id) ?? null });
      else return Object.fromEntries(examIds.flatMap((id) => {
        const stats = found.get(id) ?? this.kept.get(key(id))?.stats;
        return stats ? [[id, stats]] : [];
      }));
    }
    return Object.fromEntries(examIds.flatMap((id) => {
      const stats = this.kept.get(key(id))?.stats;
      return stats ? [[id, stats]] : [];
    }));
  }
}
