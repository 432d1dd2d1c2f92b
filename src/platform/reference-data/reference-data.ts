import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** data/reference, shipped with the project; provenance in its SOURCES.md. */
export const REFERENCE_DIR = join(__dirname, '..', '..', '..', 'data', 'reference');

function readCsv<T>(file: string): T[] {
  return parse(readFileSync(join(REFERENCE_DIR, file), 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as T[];
}

const optionalInt = (v: string) => (v === '' ? null : Number(v));
const optionalFloat = (v: string) => (v === '' ? null : Number(v));

export interface RegionRow { code: string; name: string; abbreviation: string; romanNumeral: string; order: number }
export interface ComunaRow { code: string; name: string; regionCode: string; provinceCode: string; provinceName: string; lat: number | null; lng: number | null }
export interface AdjacencyRow { code: string; adjacentCode: string; km: number }
export interface FonasaExamRow {
  code: string; codeDotted: string; name: string; sentenceName: string; subgroupCode: string; subgroup: string; year: number;
  price: [number | null, number | null, number | null]; copay: [number | null, number | null, number | null];
}
export interface InsurerRow { code: string; name: string; type: 'public' | 'isapre_open' | 'isapre_closed' | 'armed_forces' | 'none'; parentCode: string | null; previredCode: string | null; notes: string | null }
export interface SynonymRow { code: string; synonym: string; kind: string }
/**
 * A term of Chilean medical orders (issue 26): one exam (`exam`, loaded as a synonym), several
 * (`panel`), 2–3 to ask between (`ambiguous`, most common first), not a laboratory exam (`not_lab`,
 * with the reason) or words that change nothing (`ignore`).
 */
export interface OrderVocabularyRow { term: string; kind: 'exam' | 'panel' | 'ambiguous' | 'not_lab' | 'ignore'; codes: string[]; reason: string | null; source: string }
/** What an exam's sample is and how to prepare for it (issue 30): data/reference/exam-preparation.csv. */
export interface PreparationRow {
  code: string; sample: string; fastingHours: number; firstMorningUrine: boolean; collection24h: boolean; restMinutes: number;
  morningBefore: string | null; medicines: string | null; note: string | null;
}
/** How commonly an exam is ordered, 0–100: the exam look-up's prior (issue 18). */
export interface CommonnessRow { code: string; commonness: number }

export function loadReferenceData() {
  const regions = readCsv<Record<string, string>>('cl-regions.csv').map((r): RegionRow => ({
    code: r.region_code, name: r.name, abbreviation: r.abbreviation, romanNumeral: r.roman_numeral, order: Number(r.north_to_south_order),
  }));
  const comunas = readCsv<Record<string, string>>('cl-comunas.csv').map((r): ComunaRow => ({
    code: r.cut, name: r.name, regionCode: r.region_code, provinceCode: r.province_code, provinceName: r.province,
    lat: optionalFloat(r.lat), lng: optionalFloat(r.lng),
  }));
  const adjacency = readCsv<Record<string, string>>('cl-comunas-adjacent.csv').map((r): AdjacencyRow => ({
    code: r.cut, adjacentCode: r.adjacent_cut, km: Number(r.centroid_km),
  }));
  const exams = readCsv<Record<string, string>>('fonasa-lab-exams.csv').map((r): FonasaExamRow => ({
    code: r.code, codeDotted: r.code_dotted, name: r.name, sentenceName: r.name_sentence_case, subgroupCode: r.subgroup_code,
    subgroup: r.subgroup, year: Number(r.year),
    price: [optionalInt(r.price_level1), optionalInt(r.price_level2), optionalInt(r.price_level3)],
    copay: [optionalInt(r.copay_level1), optionalInt(r.copay_level2), optionalInt(r.copay_level3)],
  }));
  const insurers = readCsv<Record<string, string>>('cl-insurers.csv').map((r): InsurerRow => ({
    code: r.code, name: r.name, type: r.type as InsurerRow['type'], parentCode: r.parent_code || null,
    previredCode: r.previred_code || null, notes: r.notes || null,
  }));
  const synonyms = readCsv<Record<string, string>>('exam-synonyms.csv').map((r): SynonymRow => ({
    code: r.code, synonym: r.synonym, kind: r.kind,
  }));
  const commonness = readCsv<Record<string, string>>('exam-commonness.csv').map((r): CommonnessRow => ({
    code: r.code, commonness: Number(r.commonness),
  }));
  const orderVocabulary = readCsv<Record<string, string>>('order-vocabulary.csv').map((r): OrderVocabularyRow => ({
    term: r.term, kind: r.kind as OrderVocabularyRow['kind'], codes: r.codes.split(/[+|]/).map((c) => c.trim()).filter(Boolean),
    reason: r.reason || null, source: r.source,
  }));
  const preparation = readCsv<Record<string, string>>('exam-preparation.csv').map((r): PreparationRow => ({
    code: r.code, sample: r.sample.toUpperCase(), fastingHours: Number(r.fasting_hours), firstMorningUrine: r.first_morning_urine === '1',
    collection24h: r.collection_24h === '1', restMinutes: Number(r.rest_minutes), morningBefore: r.morning_before || null,
    medicines: r.medicines || null, note: r.note || null,
  }));
  return { regions, comunas, adjacency, exams, insurers, synonyms, commonness, orderVocabulary, preparation };
}

export type ReferenceData = ReturnType<typeof loadReferenceData>;
