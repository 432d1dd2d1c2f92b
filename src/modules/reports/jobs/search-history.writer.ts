import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Prisma } from '../../../generated/prisma/client';
import { HotPath, type SqlRunner } from '../../../platform/database/hot-path';
import { JOB_QUEUE, QueueName, type Job, type JobQueue } from '../../../platform/messaging/job-queue';
import { reportDay } from '../domain/routes';
import { lockSessions, RollupWriter } from '../infrastructure/rollups';

/** One search as the reports see it: its filters, how many results, how long, who, and what was shown. */
export interface SearchHistoryJob {
  filters: Prisma.InputJsonObject;
  resultCount: number;
  tookMs: number;
  session: number | null;
  personId: number | null;
  /**
   * What was shown, in order. `copay` and `offersAll` are kept when the search sends them; without
   * `offersAll` the writer works it out from the authorized prices of the laboratory.
   */
  laboratories: { laboratoryId: number; position: number; total: number | null; copay?: number | null; offersAll?: boolean }[];
  /** ISO instant of the search; the write time when absent. */
  at?: string;
  /** The search's own key (its `search_history.job_id`): a batch delivered again writes it once. */
  key?: string;
}

/** A laboratory a search showed, as its history row keeps it (`search_history.shown`). */
export interface ShownLaboratory {
  laboratoryId: number;
  position: number;
  total: number | null;
  copay: number | null;
  offersAll: boolean | null;
}

/**
 * The searches of the last moments of one API process, written in one transaction: one queue job and one
 * commit for up to 500 searches (HISTORY_BATCH), the rollups added up and written once. One job per search cost the worker
 * 5 ms of CPU a search, two and a half times what answering the search cost the API (issue 14).
 */
export interface SearchHistoryBatch {
  searches: SearchHistoryJob[];
}

type Outcome = 'NONE' | 'INCOMPLETE' | 'COMPLETE';

/** Reads an id out of the request as the search parsed it (a number, or an object with an id). */
function refOf(value: unknown): number | null {
  const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value;
  const n = typeof id === 'string' ? Number(id) : id;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
}

function refsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map(refOf).filter((n): n is number => n !== null))];
}

/**
 * Writes the search history (with what each search showed), off the request path, in the worker roles, with the
 * rollups the dashboard reads, in one transaction per batch of searches: a redelivered batch finds
 * its searches (each one's key is a unique `job_id`) and counts nothing twice.
 */
@Injectable()
export class SearchHistoryWriter implements OnApplicationBootstrap {
  constructor(
    private readonly hot: HotPath,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.queue.process<SearchHistoryBatch | SearchHistoryJob>(QueueName.SearchHistory, (job) => this.write(job), { concurrency: 4 });
  }

  /** A batch of searches, or one search (as jobs were before batches: the key is then the job's id). */
  async write({ id, data }: Job<SearchHistoryBatch | SearchHistoryJob>): Promise<void> {
    const searches = 'searches' in data ? data.searches.map((search, i) => ({ ...search, key: search.key ?? `${id}:${i}` })) : [{ ...data, key: id }];
    if (searches.length === 0) return;
    await this.hot.transaction(async (tx) => {
      // Two searches of one session written at once would each think the other's exams new: the sessions of the
      // batch are locked first, in one order, so that two batches sharing sessions wait rather than deadlock.
      await lockSessions(tx, searches.flatMap((s) => (s.session === null ? [] : [s.session])));
      const rows = await this.rowsOf(tx, searches);
      // A search already written (its key taken) is left out of everything below: a batch delivered again counts nothing.
      const claimed = await this.claim(tx, rows);
      const written = rows.filter((row) => claimed.has(row.key));
      if (written.length === 0) return;
      await this.addRollups(tx, written, claimed);
    });
  }

  /**
   * Each search as its history row, worked out for the whole batch at once (one statement for the references,
   * one for the laboratories shown): the per-search statements were the worker's largest cost (issue 14).
   */
  private async rowsOf(tx: SqlRunner, searches: (SearchHistoryJob & { key: string })[]): Promise<HistoryRow[]> {
    const asked = searches.map((search, i) => {
      const filters = search.filters as Record<string, unknown>;
      return { i, location: refOf(filters.location), region: refOf(filters.locationFk), insurer: refOf(filters.pensionHealtInstitutionId), person: search.personId };
    });
    const refs = await tx.query<{ i: number; comuna_id: number | null; region_id: number | null; insurer_id: number | null; person_id: number | null }>(Prisma.sql`
      SELECT a.i, comuna.id AS comuna_id, COALESCE(comuna.parent_id, region.id) AS region_id, insurer.id AS insurer_id, person.id AS person_id
      FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS a(i int, location int, region int, insurer int, person int)
      LEFT JOIN location comuna ON comuna.id = a.location AND comuna.kind = 'COMUNA'
      LEFT JOIN location region ON region.id = a.region AND region.kind = 'REGION'
      LEFT JOIN insurer ON insurer.id = a.insurer
      LEFT JOIN person ON person.id = a.person`);
    const shownIds = [...new Set(searches.flatMap((s) => s.laboratories.map((l) => l.laboratoryId)))];
    const existing = new Set(shownIds.length ? (await tx.query<{ id: number }>(Prisma.sql`SELECT id FROM laboratory WHERE id = ANY(${shownIds}::int[])`)).map((l) => l.id) : []);
    const byIndex = new Map(refs.map((r) => [r.i, r]));
    const rows = searches.map((search, i): HistoryRow => {
      const ref = byIndex.get(i);
      const filters = search.filters as Record<string, unknown>;
      const near = filters.nearLocations;
      return {
        key: search.key, search, at: search.at ? new Date(search.at) : new Date(),
        comunaId: ref?.comuna_id ?? null, regionId: ref?.region_id ?? null, insurerId: ref?.insurer_id ?? null, personId: ref?.person_id ?? null,
        examIds: refsOf(filters.exams), withNear: Array.isArray(near) ? near.length > 0 : near === true || near === 'true',
        shown: search.laboratories.filter((l) => existing.has(l.laboratoryId)), offersAll: new Map(), outcome: 'COMPLETE',
      };
    });
    await this.offersAll(tx, rows);
    for (const row of rows) {
      row.outcome = row.search.resultCount === 0 ? 'NONE' : row.examIds.length === 0 || row.shown.some((l) => row.offersAll.get(l.laboratoryId)) ? 'COMPLETE' : 'INCOMPLETE';
    }
    return rows;
  }

  /**
   * Inserts the batch's searches whose key is not taken yet, each with what it showed (one row per search: a row per
   * laboratory shown was ten times the rows, issue 32); answers the ids of those it wrote, by key.
   */
  private async claim(tx: SqlRunner, rows: HistoryRow[]): Promise<Map<string, string>> {
    const values = rows.map((row) => ({
      job_id: row.key, filters: row.search.filters, result_count: row.search.resultCount, took_ms: row.search.tookMs, created_at: row.at.toISOString(),
      session: row.search.session, person_id: row.personId, comuna_id: row.comunaId, region_id: row.regionId, insurer_id: row.insurerId,
      exam_ids: row.examIds, outcome: row.outcome, with_near: row.withNear,
      shown: row.shown.map((l): ShownLaboratory => ({ laboratoryId: l.laboratoryId, position: l.position, total: l.total, copay: l.copay ?? null, offersAll: row.offersAll.get(l.laboratoryId) ?? null })),
    }));
    // A concurrent delivery of the same batch waits on the keys this one inserts, then finds them taken.
    const inserted = await tx.query<{ id: string; job_id: string }>(Prisma.sql`
      INSERT INTO search_history (job_id, filters, result_count, took_ms, created_at, session, person_id, comuna_id, region_id, insurer_id, exam_ids, outcome, with_near, shown)
      SELECT job_id, filters, result_count, took_ms, created_at, session, person_id, comuna_id, region_id, insurer_id, exam_ids, outcome, with_near, shown
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(job_id text, filters jsonb, result_count int, took_ms int, created_at timestamp,
        session bigint, person_id int, comuna_id int, region_id int, insurer_id int, exam_ids int[], outcome text, with_near boolean, shown jsonb)
      ON CONFLICT (job_id) DO NOTHING RETURNING id::text, job_id`);
    return new Map(inserted.map((r) => [r.job_id, r.id]));
  }

  /** The dashboard's daily rollups for the written searches, added up in memory and written once. */
  private async addRollups(tx: SqlRunner, rows: HistoryRow[], ids: Map<string, string>): Promise<void> {
    const rollups = new RollupWriter();
    // The batch holds its sessions' locks (see write): what they asked before this batch is settled, and what they
    // ask within it is followed here, in the batch's order.
    const asked = await this.examsAskedBefore(tx, rows, [...ids.values()]);
    for (const row of rows) {
      const day = reportDay(row.at);
      const comunaId = row.comunaId ?? 0;
      const regionId = row.regionId ?? 0;
      rollups.search(day, comunaId, regionId, row.outcome, row.search.tookMs);
      for (const l of row.shown) rollups.laboratory(day, l.laboratoryId, { position: l.position });
      if (row.search.session === null) {
        for (const examId of row.examIds) rollups.exam(day, comunaId, regionId, examId, true);
        continue;
      }
      rollups.session(day, BigInt(row.search.session), { searches: 1, personId: row.personId });
      const before = asked.get(askedKey(row.search.session, row.comunaId, day)) ?? new Set<number>();
      for (const examId of row.examIds) rollups.exam(day, comunaId, regionId, examId, !before.has(examId));
      asked.set(askedKey(row.search.session, row.comunaId, day), new Set([...before, ...row.examIds]));
    }
    await rollups.flush(tx);
  }

  /** Whether each shown laboratory offers every exam of its order (as the search said, or by its authorized prices). */
  private async offersAll(tx: SqlRunner, rows: HistoryRow[]): Promise<void> {
    const unknown: { i: number; laboratory: number; exams: number[] }[] = [];
    rows.forEach((row, i) => {
      for (const l of row.shown) {
        if (l.offersAll !== undefined) row.offersAll.set(l.laboratoryId, l.offersAll);
        else if (row.examIds.length === 0) row.offersAll.set(l.laboratoryId, true);
        else unknown.push({ i, laboratory: l.laboratoryId, exams: row.examIds });
      }
    });
    if (unknown.length === 0) return;
    const offered = await tx.query<{ i: number; laboratory: number; offers_all: boolean }>(Prisma.sql`
      SELECT u.i, u.laboratory,
             (SELECT count(DISTINCT le.exam_id) FROM laboratory_exam le
              WHERE le.laboratory_id = u.laboratory AND le.exam_id = ANY(u.exams) AND le.status = 'AUTHORIZED' AND le.is_active) >= cardinality(u.exams) AS offers_all
      FROM jsonb_to_recordset(${JSON.stringify(unknown)}::jsonb) AS u(i int, laboratory int, exams int[])`);
    for (const o of offered) rows[o.i].offersAll.set(o.laboratory, o.offers_all);
  }

  /** The exams each session of the batch asked for before it, per comuna and day: a session counts once per exam and day. */
  private async examsAskedBefore(tx: SqlRunner, rows: HistoryRow[], written: string[]): Promise<Map<string, Set<number>>> {
    const keys = new Map<string, { session: number; comuna: number | null; day: string }>();
    for (const row of rows) {
      if (row.search.session === null) continue;
      const day = reportDay(row.at);
      keys.set(askedKey(row.search.session, row.comunaId, day), { session: row.search.session, comuna: row.comunaId, day });
    }
    const asked = new Map<string, Set<number>>();
    if (keys.size === 0) return asked;
    const found = await tx.query<{ session: string; comuna: number | null; day: string; exam_ids: number[] }>(Prisma.sql`
      SELECT k.session, k.comuna, k.day, array_agg(DISTINCT e) AS exam_ids
      FROM jsonb_to_recordset(${JSON.stringify([...keys.values()])}::jsonb) AS k(session bigint, comuna int, day text)
      JOIN search_history h ON h.session = k.session AND h.comuna_id IS NOT DISTINCT FROM k.comuna
        AND h.created_at >= (k.day::date::timestamp AT TIME ZONE 'America/Santiago') AT TIME ZONE 'UTC'
        AND h.created_at < ((k.day::date + 1)::timestamp AT TIME ZONE 'America/Santiago') AT TIME ZONE 'UTC'
        AND h.id <> ALL(${written}::bigint[])
      CROSS JOIN LATERAL unnest(h.exam_ids) AS e
      GROUP BY k.session, k.comuna, k.day`);
    for (const f of found) asked.set(askedKey(Number(f.session), f.comuna, f.day), new Set(f.exam_ids));
    return asked;
  }
}

/** A search of the batch as it is written: its references checked, its laboratories and outcome worked out. */
interface HistoryRow {
  key: string;
  search: SearchHistoryJob;
  at: Date;
  comunaId: number | null;
  regionId: number | null;
  insurerId: number | null;
  personId: number | null;
  examIds: number[];
  withNear: boolean;
  shown: SearchHistoryJob['laboratories'];
  offersAll: Map<number, boolean>;
  outcome: Outcome;
}

const askedKey = (session: number, comunaId: number | null, day: string) => `${session}|${comunaId ?? ''}|${day}`;
