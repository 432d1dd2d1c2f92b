import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { ExamListItem } from '../../../../contracts/exams';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { EXAM_LIST_COLUMNS, toExamListItem, type ExamListRow } from '../exam-list-row';

/** lower case, without accents: "Glicemía" -> "glicemia". */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words that say nothing about which exam is meant ("perfil de lípidos" = "perfil lípidos"). */
const STOP_WORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'en', 'y', 'e', 'con', 'por', 'para', 'o', 'u', 'al']);

/**
 * The typo rules search users expect: exact up to 3 letters, one edit from 4, two from 8. Short
 * abbreviations (TSH, PCR, T4) stay exact, so "tsh" never turns into "ldh".
 */
const fuzziness = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/** One catalogue exam as the look-up keeps it: what a list row shows. */
type LookupExam = Omit<ExamListItem, 'matched'>;

/** A searchable text of an exam: its name, or one of its synonyms / abbreviations. */
interface LookupDoc {
  id: number;
  examId: number;
  /** The short name (before the first parenthesis) or the synonym, as words to match. */
  text: string;
  /** The rest of an official name: what it includes, matched with a low weight. */
  detail: string;
  /** The synonym as written, to tell the user what matched; null for the name. */
  synonym: string | null;
}

interface Snapshot {
  version: string;
  exams: Map<number, LookupExam>;
  /** In code order: code prefixes are answered by a scan of 443 rows. */
  byCode: LookupExam[];
  index: MiniSearch<LookupDoc>;
  docs: Map<number, LookupDoc>;
}

export interface LookupHit {
  exam: LookupExam;
  matched: string | null;
}

/**
 * The exam look-up of the search box, in memory in every API process (MiniSearch; STACK.md measured
 * it best on misspellings and type-ahead prefixes): prefix matching for type-ahead, one typo from 4
 * letters and two from 8, accent- and case-blind, over names, abbreviations and synonyms, and FONASA
 * codes with or without dashes. Before answering it checks a one-line version of the catalogue (exam
 * and synonym counts and last changes), so an exam created, renamed or retired through any process
 * is found (or not) on the very next look-up; the index is rebuilt then, in a few milliseconds.
 * Among matches that score alike, exams more laboratories offer come first ("hemo" -> Hemograma):
 * that prior is counted at start and hourly, in the background.
 */
@Injectable()
export class ExamLookup implements OnApplicationBootstrap, OnModuleDestroy {
  private snapshot?: Snapshot;
  private building?: Promise<Snapshot>;
  /** Laboratories offering each exam, refreshed in the background (a popularity prior). */
  private popularity = new Map<number, number>();
  private maxPopularity = 1;
  private popularityAt = 0;
  private popularityRefresh?: Promise<void>;
  private closed = false;

  constructor(private readonly prisma: PrismaService) {}

  onApplicationBootstrap(): void {
    this.refreshPopularitySoon();
  }

  onModuleDestroy(): void {
    this.closed = true;
  }

  /** Every exam matching `term`, best first (the caller filters and pages). */
  async search(term: string): Promise<LookupHit[]> {
    const snapshot = await this.current();
    this.refreshPopularitySoon();
    const hits = new Map<number, { score: number; matched: string | null }>();
    const keep = (examId: number, score: number, matched: string | null) => {
      const seen = hits.get(examId);
      if (!seen || score > seen.score) hits.set(examId, { score, matched });
    };

    // FONASA codes: "0302034", "03-02-034", "03.02": a prefix of at least 4 digits.
    // A code is only looked up as a code: its pieces ("03", "034") would match any text with those numbers.
    const digits = term.replace(/\D/g, '');
    if (/^[\d\s.\-]+$/.test(term)) {
      if (digits.length >= 4) snapshot.byCode.forEach((exam, rank) => exam.code.startsWith(digits) && keep(exam.id, 1e9 - rank, exam.codeDotted));
      return [...hits.entries()].map(([examId, hit]) => ({ exam: snapshot.exams.get(examId)!, matched: hit.matched }));
    }

    const options: SearchOptions = {
      prefix: true,
      fuzzy: fuzziness,
      boost: { text: 3, detail: 1 },
      boostDocument: (_id, _term, stored) => this.boostOf(stored?.examId as number),
    };
    // Every word must match; a stray word ("examen de hemograma") falls back to any word.
    let results = snapshot.index.search(term, { ...options, combineWith: 'AND' });
    if (results.length === 0) results = snapshot.index.search(term, { ...options, combineWith: 'OR' });
    for (const result of results) {
      const doc = snapshot.docs.get(result.id as number)!;
      keep(doc.examId, result.score, doc.synonym);
    }

    return [...hits.entries()]
      .map(([examId, hit]) => ({ exam: snapshot.exams.get(examId)!, ...hit }))
      .sort((a, b) => b.score - a.score || a.exam.name.length - b.exam.name.length || a.exam.code.localeCompare(b.exam.code))
      .map(({ exam, matched }) => ({ exam, matched }));
  }

  /** Up to 1.5x for the exam most laboratories offer: enough to order near-equal matches, not to beat a better one. */
  private boostOf(examId: number): number {
    return 1 + 0.5 * ((this.popularity.get(examId) ?? 0) / this.maxPopularity);
  }

  private async current(): Promise<Snapshot> {
    const [{ version }] = await this.prisma.$queryRaw<{ version: string }[]>`
      SELECT concat_ws('/', (SELECT count(*) FROM exam), (SELECT max(updated_at) FROM exam),
                            (SELECT count(*) FROM exam_synonym), (SELECT max(id) FROM exam_synonym)) AS version`;
    if (this.snapshot?.version === version) return this.snapshot;
    // Concurrent look-ups share one rebuild.
    this.building ??= this.build(version).finally(() => (this.building = undefined));
    const built = await this.building;
    if (!this.snapshot || this.snapshot.version !== built.version) this.snapshot = built;
    return built;
  }

  private async build(version: string): Promise<Snapshot> {
    const rows = await this.prisma.$queryRaw<ExamRow[]>`
      SELECT ${EXAM_LIST_COLUMNS},
             coalesce((SELECT array_agg(s.synonym ORDER BY s.id) FROM exam_synonym s WHERE s.exam_id = e.id), '{}') AS synonyms
      FROM exam e JOIN exam_type ty ON ty.id = e.type_exam_id`;
    const exams = new Map<number, LookupExam>();
    const docs: LookupDoc[] = [];
    for (const row of rows) {
      exams.set(row.id, toExamListItem(row));
      const cut = row.name.indexOf('(');
      docs.push({ id: docs.length, examId: row.id, text: cut > 0 ? row.name.slice(0, cut) : row.name, detail: cut > 0 ? row.name.slice(cut) : '', synonym: null });
      for (const synonym of row.synonyms) docs.push({ id: docs.length, examId: row.id, text: synonym, detail: '', synonym });
    }
    const index = new MiniSearch<LookupDoc>({
      fields: ['text', 'detail'],
      storeFields: ['examId'],
      processTerm: (term) => {
        const folded = foldText(term);
        return STOP_WORDS.has(folded) ? null : folded;
      },
    });
    index.addAll(docs);
    return {
      version,
      exams,
      byCode: [...exams.values()].sort((a, b) => a.code.localeCompare(b.code)),
      index,
      docs: new Map(docs.map((d) => [d.id, d])),
    };
  }

  /** At start and then at most hourly, in the background: a look-up never waits for it (a full count of prices). */
  private refreshPopularitySoon(): void {
    if (this.closed || this.popularityRefresh || Date.now() - this.popularityAt < 60 * 60_000) return;
    void this.refreshPopularity();
  }

  /** Counts the laboratories offering each exam now (tests call it after seeding). */
  refreshPopularity(): Promise<void> {
    this.popularityAt = Date.now();
    this.popularityRefresh ??= this.prisma.$queryRaw<{ exam_id: number; n: number }[]>`
        SELECT exam_id, count(*)::int AS n FROM laboratory_exam WHERE status = 'AUTHORIZED' AND is_active GROUP BY exam_id`
      .then((rows) => {
        this.popularity = new Map(rows.map((r) => [r.exam_id, r.n]));
        this.maxPopularity = Math.max(1, ...rows.map((r) => r.n));
      })
      .catch(() => undefined) // a missed refresh keeps the previous prior
      .finally(() => (this.popularityRefresh = undefined));
    return this.popularityRefresh;
  }
}

interface ExamRow extends ExamListRow {
  synonyms: string[];
}

