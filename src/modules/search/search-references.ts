import { Prisma } from '../../generated/prisma/client';
import type { HotPath } from '../../platform/database/hot-path';
import type { SearchChanges } from './search-changes';
import type { VisitFeeRule } from './search-index';
import type { ExamPreparation } from '../../contracts/preparation';

/**
 * The sample takings of FONASA's arancel (group 03-07, "Obtención de muestra"): a bono covers a branch's fee for
 * them as it covers an exam. docs/decisions.md, "The whole visit".
 */
export const SAMPLE_TAKING_CODES: Record<VisitFeeRule['kind'], string> = { VENOUS: '0307011', PEDIATRIC: '0307012', CAPILLARY: '0307014' };

/** What a search's ids are checked against: the active exams, the places, the active insurers, the attribute values. */
export interface SearchReferenceData {
  activeExamIds: Set<number>;
  /** What sample each active exam needs and how to prepare for it (issue 30: the visit's fee and preparation). */
  examPreparations: Map<number, ExamPreparation>;
  /** FONASA's arancel for each sample taking, by MLE level (03-07-011, 03-07-012, 03-07-014), when in the catalogue. */
  sampleTakingBonos: Map<VisitFeeRule['kind'], NonNullable<VisitFeeRule['bono']>>;
  comunas: Map<number, { id: number; parentId: number; lat: number | null; lng: number | null }>;
  regionIds: Set<number>;
  insurers: Map<number, { id: number; code: string; type: string; parentId: number | null }>;
  selectValueIds: Set<number>;
}

interface ReferenceRow {
  exam_ids: number[];
  exam_preparations: ExamPreparation[];
  sample_takings: { code: string; arancel: (number | null)[]; copay: (number | null)[] }[];
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
        (SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM exam WHERE is_active) AS exam_ids,
        (SELECT coalesce(json_agg(json_build_object('sampleKind', sample_kind, 'fastingHours', fasting_hours, 'firstMorningUrine', first_morning_urine,
                  'collection24h', collection_24h, 'restMinutes', rest_minutes, 'morningBefore', morning_before,
                  'medicines', preparation_medicines, 'note', preparation_note) ORDER BY id), '[]') FROM exam WHERE is_active) AS exam_preparations,
        (SELECT coalesce(json_agg(json_build_object('code', code,
                  'arancel', json_build_array(fonasa_price_level1, fonasa_price_level2, fonasa_price_level3),
                  'copay', json_build_array(fonasa_copay_level1, fonasa_copay_level2, fonasa_copay_level3))), '[]')
         FROM exam WHERE code = ANY(${Object.values(SAMPLE_TAKING_CODES)}::text[]) AND is_active) AS sample_takings,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'parentId', parent_id, 'lat', lat, 'lng', lng)), '[]') FROM location WHERE kind = 'COMUNA') AS comunas,
        (SELECT coalesce(array_agg(id), '{}') FROM location WHERE kind = 'REGION') AS region_ids,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'code', code, 'type', type, 'parentId', parent_id)), '[]') FROM insurer WHERE is_active) AS insurers,
        (SELECT coalesce(array_agg(id), '{}') FROM select_list_child) AS select_value_ids`);
    const kindOf = new Map(Object.entries(SAMPLE_TAKING_CODES).map(([kind, code]) => [code, kind as VisitFeeRule['kind']]));
    return {
      activeExamIds: new Set(row.exam_ids),
      examPreparations: new Map(row.exam_ids.map((id, i) => [id, row.exam_preparations[i]])),
      sampleTakingBonos: new Map(row.sample_takings.map((t) => [kindOf.get(t.code)!, { arancel: t.arancel, copay: t.copay }])),
      comunas: new Map(row.comunas.map((c) => [c.id, c])),
      regionIds: new Set(row.region_ids),
      insurers: new Map(row.insurers.map((i) => [i.id, i])),
      selectValueIds: new Set(row.select_value_ids),
    };
  }
}
