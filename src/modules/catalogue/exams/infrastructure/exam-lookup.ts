import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { ExamListItem } from '../../../../contracts/exams';
import { Prisma } from '../../../../generated/prisma/client';
import { HotPath } from '../../../../platform/database/hot-path';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { commonness, editDistance, foldText, fuzziness, rankedText, rankScore, STOP_WORDS, textMatch, wordsOf, type RankedText } from '../domain/exam-ranking';
import { foldTerm, withoutStopWords, type Candidate, type TermReading, type Vocabulary } from '../domain/order-reading';
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
  /** The folded words of `detail`. */
  detailWords: string[];
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
  /** Terms known whole (folded): names, synonyms and the order vocabulary (order_term). */
  terms: Map<string, TermReading>;
  /** Folded phrases that change nothing on an order, longest first. */
  ignorable: string[];
  /** Every word of the catalogue's names, synonyms and order terms: a word outside it names nothing. */
  words: Set<string>;
  /** A synonym's folded form -> the synonym as written, to say what a known term matched. */
  writtenAs: Map<string, string>;
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
    // A code that lost its leading zero ("301045") is the 7-digit one.
    const written = term.replace(/\D/g, '');
    const digits = written.length === 6 && written.startsWith('3') ? `0${written}` : written;
    if (/^[\d\s.\-]+$/.test(term)) {
      if (digits.length >= 4) snapshot.byCode.forEach((exam, rank) => exam.code.startsWith(digits) && keep(exam.id, 1e9 - rank, exam.codeDotted));
      return [...hits.entries()].map(([examId, hit]) => ({ exam: snapshot.exams.get(examId)!, matched: hit.matched }));
    }

    // A word known whole (an abbreviation, a name, a panel) names its exams before any longer word it
    // begins: "OC" is orina completa, not "oc-ultas"; an ambiguous one ("PCR") offers its exams in order.
    // A known word mistyped ("colestrol", "glisemia") counts as that word when it is the only one so close.
    // Several words are left to the ranking: "proteina c" is still being typed towards "proteína C reactiva".
    const folded = foldTerm(term);
    const { key, reading: known } = folded.includes(' ') ? { key: folded, reading: undefined } : knownTerm(snapshot, folded);
    const first = known && (known.kind === 'EXAM' || known.kind === 'PANEL' || known.kind === 'AMBIGUOUS') ? known.examIds : [];

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

    const found = [...ranked.entries()]
      .map(([examId, hit]) => ({ exam: snapshot.exams.get(examId)!, matched: hit.matched, score: hit.score, rank: rankScore(hit.rank, this.commonnessOf(snapshot, examId), (this.popularity.get(examId) ?? 0) / this.maxPopularity) }))
      .sort((a, b) => b.rank - a.rank || b.score - a.score || a.exam.name.length - b.exam.name.length || a.exam.code.localeCompare(b.exam.code))
      .map(({ exam, matched }) => ({ exam, matched }));
    if (first.length === 0) return found;
    const matchedOf = new Map(found.map((hit) => [hit.exam.id, hit.matched]));
    const firstHits = first.map((examId) => ({ exam: snapshot.exams.get(examId)!, matched: snapshot.writtenAs.get(key) ?? matchedOf.get(examId) ?? term.trim() }));
    return [...firstHits, ...found.filter((hit) => !first.includes(hit.exam.id))];
  }

  /**
   * The catalogue as the order reader reads it (domain/order-reading.ts): terms known whole, codes,
   * phrases that change nothing, and the fuzzy look-up's candidates, of active exams only.
   */
  async vocabulary(): Promise<Vocabulary & { exam(examId: number): LookupExam | undefined }> {
    const snapshot = await this.current();
    const active = (examId: number) => snapshot.exams.get(examId)?.isActive === true;
    const byCode = new Map(snapshot.byCode.filter((e) => e.isActive).map((e) => [e.code, e.id]));
    // One order asks the same pieces several ways (whole, joined, shortened): each text is looked up once.
    const found = new Map<string, Candidate[]>();
    return {
      term: (folded) => {
        const reading = snapshot.terms.get(folded);
        if (!reading || !('examIds' in reading)) return reading;
        return { ...reading, examIds: reading.examIds.filter(active) };
      },
      code: (code) => byCode.get(code),
      ignorable: snapshot.ignorable,
      knows: (word) => snapshot.words.has(word),
      candidates: (folded) => {
        if (!found.has(folded)) found.set(folded, this.candidates(snapshot, folded).filter((c) => active(c.examId)));
        return found.get(folded)!;
      },
      exam: (examId) => snapshot.exams.get(examId),
    };
  }

  /**
   * Every name or synonym the fuzzy index finds for a text (any of its words: the reader weighs how
   * many each candidate has), with the look-up's rank of its exam, best first.
   */
  private candidates(snapshot: Snapshot, folded: string): Candidate[] {
    const results = snapshot.index.search(folded, { prefix: true, fuzzy: fuzziness, boost: { text: 3, detail: 1 }, combineWith: 'OR' });
    const terms = wordsOf(folded);
    return results
      .map((result) => {
        const doc = snapshot.docs.get(result.id as number)!;
        const rank = rankScore(textMatch(terms, doc.ranked), this.commonnessOf(snapshot, doc.examId), (this.popularity.get(doc.examId) ?? 0) / this.maxPopularity);
        return { examId: doc.examId, words: doc.ranked.words, detail: doc.detailWords, rank };
      })
      .sort((a, b) => b.rank - a.rank);
  }

  /** The catalogue's prior plus what people chose (domain/exam-ranking.ts). */
  private commonnessOf(snapshot: Snapshot, examId: number): number {
    return commonness(snapshot.priors.get(examId) ?? 0, this.choices.get(examId) ?? 0, this.maxChoices);
  }

  private async current(): Promise<Snapshot> {
    // On every keystroke of the search box: a prepared statement on the hot pool (Prisma cost more than the look-up).
    const [{ version }] = await this.reads.query<{ version: string }>(Prisma.sql`
      SELECT concat_ws('/', (SELECT count(*) FROM exam), (SELECT max(updated_at) FROM exam),
                            (SELECT count(*) FROM exam_synonym), (SELECT max(id) FROM exam_synonym),
                            (SELECT count(*) FROM order_term), (SELECT max(updated_at) FROM order_term)) AS version`);
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
      const detail = cut > 0 ? row.name.slice(cut) : '';
      docs.push({ id: docs.length, examId: row.id, text, detail, synonym: null, ranked: rankedText(text), detailWords: wordsOf(detail) });
      for (const synonym of row.synonyms) docs.push({ id: docs.length, examId: row.id, text: synonym, detail: '', synonym, ranked: rankedText(synonym), detailWords: [] });
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
    const { terms, ignorable } = knownTerms(rows, await this.prisma.orderTerm.findMany({ orderBy: { id: 'asc' } }));
    const words = new Set([...docs.flatMap((d) => [...d.ranked.words, ...d.detailWords]), ...[...terms.keys()].flatMap((t) => t.split(' '))]);
    return {
      terms,
      ignorable,
      words,
      writtenAs: new Map(docs.flatMap((d) => (d.synonym === null ? [] : [[foldTerm(d.synonym), d.synonym] as const]))),
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

/** The term known whole that a folded text is, or is alone within its typos of (one typo from 4 letters, two from 8). */
function knownTerm(snapshot: Snapshot, folded: string): { key: string; reading?: TermReading } {
  const exact = snapshot.terms.get(folded);
  if (exact) return { key: folded, reading: exact };
  const allowed = fuzziness(folded);
  if (allowed === 0) return { key: folded };
  let best: { key: string; edits: number; tie: boolean } = { key: folded, edits: Infinity, tie: false };
  for (const key of snapshot.terms.keys()) {
    if (Math.abs(key.length - folded.length) > allowed) continue;
    const edits = editDistance(folded, key, allowed);
    if (edits < best.edits) best = { key, edits, tie: false };
    else if (edits === best.edits && edits !== Infinity && JSON.stringify(snapshot.terms.get(key)) !== JSON.stringify(snapshot.terms.get(best.key))) best.tie = true;
  }
  return best.edits === Infinity || best.tie ? { key: folded } : { key: best.key, reading: snapshot.terms.get(best.key) };
}

/**
 * The terms an order or the search box may write whole: every exam's name (whole and before its
 * parenthesis) and synonyms, then the order vocabulary, which has the last word (an administrator's
 * entry). One term naming two exams is ambiguous between them, the more common first.
 */
function knownTerms(rows: ExamRow[], orderTerms: { folded: string; kind: 'PANEL' | 'AMBIGUOUS' | 'NOT_LAB' | 'IGNORE'; examIds: number[]; reason: string | null }[]) {
  const terms = new Map<string, TermReading>();
  const commonnessOf = new Map(rows.map((r) => [r.id, r.commonness]));
  const add = (text: string, examId: number) => {
    const folded = foldTerm(text);
    if (folded === '') return;
    const seen = terms.get(folded);
    if (!seen) return void terms.set(folded, { kind: 'EXAM', examIds: [examId] });
    if (!('examIds' in seen) || seen.examIds.includes(examId)) return;
    const examIds = [...seen.examIds, examId].sort((a, b) => (commonnessOf.get(b) ?? 0) - (commonnessOf.get(a) ?? 0));
    terms.set(folded, { kind: 'AMBIGUOUS', examIds });
  };
  for (const row of rows) {
    add(row.name, row.id);
    const cut = row.name.indexOf('(');
    if (cut > 0) add(row.name.slice(0, cut), row.id);
    // The acronym an official name gives in parentheses: "(ANCA)", "(TSH)", "(EMA, ...".
    for (const [, acronym] of row.name.matchAll(/\(([A-Z][A-Za-z0-9\-]{1,9})[),]/g)) add(acronym, row.id);
  }
  // A synonym says what a term means; it overrides a name it collides with ("glucosa" is the blood
  // test, though the urine test's official name is "Glucosa"), and two synonyms of one term are a doubt.
  const names = new Map(terms);
  terms.clear();
  for (const row of rows) for (const synonym of row.synonyms) add(synonym, row.id);
  for (const [folded, reading] of names) if (!terms.has(folded)) terms.set(folded, reading);
  const ignorable: string[] = [];
  for (const term of orderTerms) {
    if (term.kind === 'IGNORE') ignorable.push(term.folded);
    terms.set(term.folded, term.kind === 'NOT_LAB' ? { kind: 'NOT_LAB', reason: term.reason ?? 'No es un examen de laboratorio.' } : term.kind === 'IGNORE' ? { kind: 'IGNORE' } : { kind: term.kind, examIds: term.examIds });
  }
  ignorable.sort((a, b) => b.length - a.length);
  // Each term also without its little words ("calciuria 24 hrs" for "calciuria de 24 hrs").
  for (const [folded, reading] of [...terms]) {
    const short = withoutStopWords(folded);
    if (short !== '' && !terms.has(short)) terms.set(short, reading);
  }
  return { terms, ignorable };
}

