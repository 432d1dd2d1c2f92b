import { Prisma } from '../../generated/prisma/client';
import type { HotPath } from '../../platform/database/hot-path';
import type { SearchChanges } from './search-changes';

/** What a search's ids are checked against: the active exams, the places, the active insurers, the attribute values. */
export interface SearchReferenceData {
  activeExamIds: Set<number>;
  comunas: Map<number, { id: number; parentId: number; lat: number | null; lng: number | null }>;
  regionIds: Set<number>;
  insurers: Map<number, { id: number; code: string; type: string; parentId: number | null }>;
  selectValueIds: Set<number>;
}

interface ReferenceRow {
  exam_ids: number[];
  comunas: { id: number; parentId: number; lat: number | null; lng: number | null }[];
  region_ids: number[];
  insurers: { id: number; code: string; type: string; parentId: number | null }[];
  select_value_ids: number[];
}

/**
 * The references every search checks, kept in the API process while it hears the search's changes and
 * read again after each one: checking them was a round trip of its own on every search (0.6 of a 3 ms
 * one-exam search, issue 14). They are small (the exam catalogue, 362 comunas, the insurers) and change
 * seldom: exams and attribute values through catalogue events, all of which the projector announces
 * (`search_changed`) once they commit; places and insurers are reference data. While changes cannot be
 * heard, every search reads them from the database, as before.
 */
export class SearchReferences {
  private kept?: { generation: number; data: Promise<SearchReferenceData> };

  constructor(
    private readonly reads: HotPath,
    private readonly changes: SearchChanges,
  ) {}

  async current(): Promise<SearchReferenceData> {
    if (!this.changes.listening) return this.load();
    // Read before a change heard since: read again.
    if (this.kept && this.changes.unchangedSince(this.kept.generation)) return this.kept.data;
    const data = this.load();
    const kept = { generation: this.changes.generation, data };
    this.kept = kept;
    data.catch(() => {
      if (this.kept === kept) this.kept = undefined;
    });
    return data;
  }

  private async load(): Promise<SearchReferenceData> {
    const [row] = await this.reads.query<ReferenceRow>(Prisma.sql`
      SELECT
        (SELECT coalesce(array_agg(id), '{}') FROM exam WHERE is_active) AS exam_ids,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'parentId', parent_id, 'lat', lat, 'lng', lng)), '[]') FROM location WHERE kind = 'COMUNA') AS comunas,
        (SELECT coalesce(array_agg(id), '{}') FROM location WHERE kind = 'REGION') AS region_ids,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'code', code, 'type', type, 'parentId', parent_id)), '[]') FROM insurer WHERE is_active) AS insurers,
        (SELECT coalesce(array_agg(id), '{}') FROM select_list_child) AS select_value_ids`);
    return {
      activeExamIds: new Set(row.exam_ids),
      comunas: new Map(row.comunas.map((c) => [c.id, c])),
      regionIds: new Set(row.region_ids),
      insurers: new Map(row.insurers.map((i) => [i.id, i])),
      selectValueIds: new Set(row.select_value_ids),
    };
  }
}
