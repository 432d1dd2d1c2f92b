import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { ExamListItem } from '../../../../contracts/exams';
import { Prisma } from '../../../../generated/prisma/client';
import { HotPath } from '../../../../platform/database/hot-path';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { commonness, foldText, fuzziness, rankedText, rankScore, STOP_WORDS, textMatch, wordsOf, type RankedText } from '../domain/exam-ranking';
import { EXAM_LIST_COLUMNS, toExamListItem, type ExamListRow } from '../exam-list-row';
import { ExamChoicesQuery } from '../queries/exam-choices/exam-choices.query';

export { foldText } from '../domain/exam-ranking';

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
  /** `text` as the ranking reads it. */
  ranked: RankedText;
}

interface Snapshot {
  version: string;
  exams: Map<number, LookupExam>;
  /** The catalogue's prior of each exam (exam.commonness, 0–100). */
  priors: Map<number, number>;
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
 * and synonym counts and last changes), so an exam created, renamed, retired or given another
 * commonness through any process is seen on the very next look-up; the index is rebuilt then, in a
 * few milliseconds.
 * The matches are ordered by domain/exam-ranking.ts: how common the exam is (the catalogue's prior
 * plus what people chose in the search history, "hemo" -> Hemograma), how much of a name the letters
 * typed cover from the start of its words, typos last. What people chose and how many laboratories
 * offer each exam are counted at start and hourly, in the background.
 */
@Injectable()
export class ExamLookup implements OnApplicationBootstrap, OnModuleDestroy {
  private snapshot?: Snapshot;
  private building?: Promise<Snapshot>;
  /** Laboratories offering each exam, refreshed in the background (orders exams alike in the rest). */
  private popularity = new Map<number, number>();
  private maxPopularity = 1;
  /** Sessions that searched for each exam over the last year (the reports' rollup), refreshed with it. */
  private choices = new Map<number, number>();
  private maxChoices = 0;
  private popularityAt = 0;
  private popularityRefresh?: Promise<void>;
  private closed = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: HotPath,
    private readonly queries: QueryBus,
  ) {}

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

    // MiniSearch finds the candidates (prefixes, typos, synonyms, what the official name includes);
    // the ranking below orders them, its score only breaking ties.
    const options: SearchOptions = { prefix: true, fuzzy: fuzziness, boost: { text: 3, detail: 1 } };
    // Every word must match; a stray word ("examen de hemograma") falls back to any word.
    let results = snapshot.index.search(term, { ...options, combineWith: 'AND' });
    if (results.length === 0) results = snapshot.index.search(term, { ...options, combineWith: 'OR' });
    const terms = wordsOf(term);
    const ranked = new Map<number, { rank: number; score: number; matched: string | null }>();
    for (const result of results) {
      const doc = snapshot.docs.get(result.id as number)!;
      const rank = textMatch(terms, doc.ranked);
      const seen = ranked.get(doc.examId);
      if (!seen || rank > seen.rank || (rank === seen.rank && result.score > seen.score)) ranked.set(doc.examId, { rank, score: result.score, matched: doc.synonym });
    }

    return [...ranked.entries()]
      .map(([examId, hit]) => ({ exam: snapshot.exams.get(examId)!, matched: hit.matched, score: hit.score, rank: rankScore(hit.rank, this.commonnessOf(snapshot, examId), (this.popularity.get(examId) ?? 0) / this.maxPopularity) }))
      .sort((a, b) => b.rank - a.rank || b.score - a.score || a.exam.name.length - b.exam.name.length || a.exam.code.localeCompare(b.exam.code))
      .map(({ exam, matched }) => ({ exam, matched }));
  }

  /** The catalogue's prior plus what people chose (domain/exam-ranking.ts). */
  private commonnessOf(snapshot: Snapshot, examId: number): number {
    return commonness(snapshot.priors.get(examId) ?? 0, this.choices.get(examId) ?? 0, this.maxChoices);
  }

  private async current(): Promise<Snapshot> {
    // On every keystroke of the search box: a prepared statement on the hot pool (Prisma cost more than the look-up).
    const [{ version }] = await this.reads.query<{ version: string }>(Prisma.sql`
      SELECT concat_ws('/', (SELECT count(*) FROM exam), (SELECT max(updated_at) FROM exam),
                            (SELECT count(*) FROM exam_synonym), (SELECT max(id) FROM exam_synonym)) AS version`);
    if (this.snapshot?.version === version) return this.snapshot;
    // Concurrent look-ups share one rebuild.
    this.building ??= this.build(version).finally(() => (this.building = undefined));
    const built = await this.building;
    if (!this.snapshot || this.snapshot.version !== built.version) this.snapshot = built;
    return built;
  }

  private async build(version: string): Promise<Snapshot> {
    const rows = await this.prisma.$queryRaw<ExamRow[]>`
      SELECT ${EXAM_LIST_COLUMNS}, e.commonness,
             coalesce((SELECT array_agg(s.synonym ORDER BY s.id) FROM exam_synonym s WHERE s.exam_id = e.id), '{}') AS synonyms
      FROM exam e JOIN exam_type ty ON ty.id = e.type_exam_id`;
    const exams = new Map<number, LookupExam>();
    const priors = new Map<number, number>();
    const docs: LookupDoc[] = [];
    for (const row of rows) {
      exams.set(row.id, toExamListItem(row));
      priors.set(row.id, row.commonness);
      const cut = row.name.indexOf('(');
      const text = cut > 0 ? row.name.slice(0, cut) : row.name;
      docs.push({ id: docs.length, examId: row.id, text, detail: cut > 0 ? row.name.slice(cut) : '', synonym: null, ranked: rankedText(text) });
      for (const synonym of row.synonyms) docs.push({ id: docs.length, examId: row.id, text: synonym, detail: '', synonym, ranked: rankedText(synonym) });
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
      priors,
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

  /**
   * Counts the laboratories offering each exam and reads what people chose from the reports, now
   * (tests call it after seeding or searching).
   */
  refreshPopularity(): Promise<void> {
    this.popularityAt = Date.now();
    this.popularityRefresh ??= Promise.all([
      this.prisma.$queryRaw<{ exam_id: number; n: number }[]>`
        SELECT exam_id, count(*)::int AS n FROM laboratory_exam WHERE status = 'AUTHORIZED' AND is_active GROUP BY exam_id`.then((rows) => {
        this.popularity = new Map(rows.map((r) => [r.exam_id, r.n]));
        this.maxPopularity = Math.max(1, ...rows.map((r) => r.n));
      }),
      this.queries.execute(new ExamChoicesQuery()).then((rows) => {
        this.choices = new Map(rows.map((r) => [r.examId, r.sessions]));
        this.maxChoices = Math.max(0, ...rows.map((r) => r.sessions));
      }),
    ].map((refresh) => refresh.catch(() => undefined))) // a missed refresh keeps the previous counts
      .then(() => undefined)
      .finally(() => (this.popularityRefresh = undefined));
    return this.popularityRefresh;
  }
}

interface ExamRow extends ExamListRow {
  commonness: number;
  synonyms: string[];
}

