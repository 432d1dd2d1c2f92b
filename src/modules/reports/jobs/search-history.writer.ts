import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import { PrismaService } from '../../../platform/database/prisma.service';
import { JOB_QUEUE, QueueName, type Job, type JobQueue } from '../../../platform/messaging/job-queue';
import { reportDay } from '../domain/routes';
import { RollupWriter } from '../infrastructure/rollups';

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

/**
 * The searches of the last moments of one API process, written in one transaction: one queue job and one
 * commit for up to 100 searches, the rollups added up and written once. One job per search cost the worker
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
 * Writes the search and result history, off the request path, in the worker roles, with the
 * rollups the dashboard reads, in one transaction per batch of searches: a redelivered batch finds
 * its searches (each one's key is a unique `job_id`) and counts nothing twice.
 */
@Injectable()
export class SearchHistoryWriter implements OnApplicationBootstrap {
  constructor(
    private readonly prisma: PrismaService,
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
    await this.prisma.$transaction(async (tx) => {
      // Two searches of one session written at once would each think the other's exams new: the sessions of the
      // batch are locked first, in one order, so that two batches sharing sessions wait rather than deadlock.
      const sessions = [...new Set(searches.flatMap((s) => (s.session === null ? [] : [Number(BigInt(s.session) % 2147483647n)])))].sort((a, b) => a - b);
      if (sessions.length > 0) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.ReportSession}::int, s) FROM unnest(${sessions}::int[]) AS s ORDER BY s`;
      const rollups = new RollupWriter();
      for (const search of searches) await this.writeOne(tx, search.key, search, rollups);
      await rollups.flush(tx);
    });
  }

  /** One search, its results and its rollups (added to `rollups`), unless its key was written already. */
  private async writeOne(tx: Prisma.TransactionClient, key: string, data: SearchHistoryJob, rollups: RollupWriter): Promise<void> {
    // Taken first: a concurrent redelivery waits on this row and then finds it.
    const claimed = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO search_history (job_id, filters, result_count, took_ms, created_at)
      VALUES (${key}, ${JSON.stringify(data.filters)}::jsonb, ${data.resultCount}, ${data.tookMs}, ${data.at ? new Date(data.at) : new Date()})
      ON CONFLICT (job_id) DO NOTHING RETURNING id`;
    if (claimed.length === 0) return;
    const searchId = claimed[0].id;
    const at = data.at ? new Date(data.at) : new Date();
    const filters = data.filters as Record<string, unknown>;
    const examIds = refsOf(filters.exams);
    const [refs] = await tx.$queryRaw<{ comuna_id: number | null; region_id: number | null; insurer_id: number | null; person_id: number | null }[]>`
      SELECT (SELECT id FROM location WHERE id = ${refOf(filters.location)}::int AND kind = 'COMUNA') AS comuna_id,
             COALESCE((SELECT parent_id FROM location WHERE id = ${refOf(filters.location)}::int AND kind = 'COMUNA'),
                      (SELECT id FROM location WHERE id = ${refOf(filters.locationFk)}::int AND kind = 'REGION')) AS region_id,
             (SELECT id FROM insurer WHERE id = ${refOf(filters.pensionHealtInstitutionId)}::int) AS insurer_id,
             (SELECT id FROM person WHERE id = ${data.personId}::int) AS person_id`;
    const shownIds = data.laboratories.map((l) => l.laboratoryId);
    const existing = new Set(shownIds.length ? (await tx.laboratory.findMany({ where: { id: { in: shownIds } }, select: { id: true } })).map((l) => l.id) : []);
    const shown = data.laboratories.filter((l) => existing.has(l.laboratoryId));
    const offersAll = await this.offersAll(tx, shown, examIds);
    const outcome: Outcome = data.resultCount === 0 ? 'NONE' : examIds.length === 0 || shown.some((l) => offersAll.get(l.laboratoryId)) ? 'COMPLETE' : 'INCOMPLETE';
    const near = filters.nearLocations;
    await tx.searchHistory.update({
      where: { id: searchId },
      data: {
        session: data.session === null ? null : BigInt(data.session), personId: refs.person_id,
        comunaId: refs.comuna_id, regionId: refs.region_id, insurerId: refs.insurer_id, examIds, outcome,
        withNear: Array.isArray(near) ? near.length > 0 : near === true || near === 'true',
      },
    });
    if (shown.length > 0) {
      await tx.resultHistory.createMany({
        data: shown.map((l) => ({ searchHistoryId: searchId, laboratoryId: l.laboratoryId, position: l.position, total: l.total, copay: l.copay ?? null, offersAll: offersAll.get(l.laboratoryId) ?? null, createdAt: at })),
      });
    }

    const day = reportDay(at);
    const comunaId = refs.comuna_id ?? 0;
    const regionId = refs.region_id ?? 0;
    rollups.search(day, comunaId, regionId, outcome, data.tookMs);
    for (const l of shown) rollups.laboratory(day, l.laboratoryId, { position: l.position });
    if (data.session !== null) {
      rollups.session(day, BigInt(data.session), { searches: 1, personId: refs.person_id });
      // The batch holds this session's lock (see write): the searches before this one, in this batch too, are seen.
      const asked = await this.examsAskedBefore(tx, searchId, BigInt(data.session), refs.comuna_id, day);
      for (const examId of examIds) rollups.exam(day, comunaId, regionId, examId, !asked.has(examId));
    } else {
      for (const examId of examIds) rollups.exam(day, comunaId, regionId, examId, true);
    }
  }

  /** Whether each shown laboratory offers every exam of the order (as the search said, or by its authorized prices). */
  private async offersAll(tx: Prisma.TransactionClient, shown: SearchHistoryJob['laboratories'], examIds: number[]): Promise<Map<number, boolean>> {
    const result = new Map<number, boolean>();
    const unknown: number[] = [];
    for (const l of shown) {
      if (l.offersAll !== undefined) result.set(l.laboratoryId, l.offersAll);
      else if (examIds.length === 0) result.set(l.laboratoryId, true);
      else unknown.push(l.laboratoryId);
    }
    if (unknown.length > 0) {
      const rows = await tx.$queryRaw<{ laboratory_id: number; offered: number }[]>`
        SELECT laboratory_id, count(DISTINCT exam_id)::int AS offered FROM laboratory_exam
        WHERE laboratory_id = ANY(${unknown}::int[]) AND exam_id = ANY(${examIds}::int[]) AND status = 'AUTHORIZED' AND is_active
        GROUP BY laboratory_id`;
      const offered = new Map(rows.map((r) => [r.laboratory_id, r.offered]));
      for (const id of unknown) result.set(id, (offered.get(id) ?? 0) >= examIds.length);
    }
    return result;
  }

  /** The exams this session already asked for in this comuna today: a session counts once per exam and day. */
  private async examsAskedBefore(tx: Prisma.TransactionClient, searchId: bigint, session: bigint, comunaId: number | null, day: string): Promise<Set<number>> {
    const rows = await tx.$queryRaw<{ exam_id: number }[]>`
      SELECT DISTINCT unnest(exam_ids) AS exam_id FROM search_history
      WHERE session = ${session} AND id <> ${searchId} AND comuna_id IS NOT DISTINCT FROM ${comunaId}::int
        AND created_at >= (${day}::date::timestamp AT TIME ZONE 'America/Santiago') AT TIME ZONE 'UTC'
        AND created_at < ((${day}::date + 1)::timestamp AT TIME ZONE 'America/Santiago') AT TIME ZONE 'UTC'`;
    return new Set(rows.map((r) => r.exam_id));
  }
}
