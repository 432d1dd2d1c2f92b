import { Prisma } from '../../../generated/prisma/client';
import type { SqlRunner } from '../../../platform/database/hot-path';

type Tx = Prisma.TransactionClient;

/**
 * Adds counts to the daily rollups, in the transaction that writes the raw rows (so a batch is
 * counted exactly when its rows exist). Rows are upserted in key order: two batches touching the
 * same days then lock them in the same order and cannot deadlock.
 */
export class RollupWriter {
  private readonly sessions = new Map<string, { day: string; session: bigint; visits: number; searches: number; labOpens: number; carts: number; personId: number | null }>();
  private readonly laboratories = new Map<string, { day: string; laboratoryId: number; impressions: number; positionSum: number; top3: number; opens: number }>();
  private readonly routes = new Map<string, { day: string; route: string; visits: number; signedIn: number }>();
  private readonly searches = new Map<string, { day: string; comunaId: number; regionId: number; searches: number; noResult: number; incomplete: number; tookMs: number }>();
  private readonly exams = new Map<string, { day: string; comunaId: number; examId: number; regionId: number; searches: number; sessions: number }>();
  private readonly examMonths = new Map<string, { month: string; regionId: number; examId: number; searches: number; sessions: number }>();

  session(day: string, session: bigint, add: { visits?: number; searches?: number; labOpens?: number; carts?: number; personId?: number | null }): void {
    const key = `${day}|${session}`;
    const row = this.sessions.get(key) ?? { day, session, visits: 0, searches: 0, labOpens: 0, carts: 0, personId: null };
    row.visits += add.visits ?? 0;
    row.searches += add.searches ?? 0;
    row.labOpens += add.labOpens ?? 0;
    row.carts += add.carts ?? 0;
    row.personId = add.personId ?? row.personId;
    this.sessions.set(key, row);
  }

  laboratory(day: string, laboratoryId: number, add: { impressions?: number; position?: number; opens?: number }): void {
    const key = `${day}|${laboratoryId}`;
    const row = this.laboratories.get(key) ?? { day, laboratoryId, impressions: 0, positionSum: 0, top3: 0, opens: 0 };
    if (add.position !== undefined) {
      row.impressions += 1;
      row.positionSum += add.position;
      if (add.position <= 3) row.top3 += 1;
    }
    row.opens += add.opens ?? 0;
    this.laboratories.set(key, row);
  }

  route(day: string, route: string, signedIn: boolean): void {
    const key = `${day}|${route}`;
    const row = this.routes.get(key) ?? { day, route, visits: 0, signedIn: 0 };
    row.visits += 1;
    if (signedIn) row.signedIn += 1;
    this.routes.set(key, row);
  }

  search(day: string, comunaId: number, regionId: number, outcome: 'NONE' | 'INCOMPLETE' | 'COMPLETE', tookMs: number): void {
    const key = `${day}|${comunaId}`;
    const row = this.searches.get(key) ?? { day, comunaId, regionId, searches: 0, noResult: 0, incomplete: 0, tookMs: 0 };
    row.searches += 1;
    if (outcome === 'NONE') row.noResult += 1;
    if (outcome === 'INCOMPLETE') row.incomplete += 1;
    row.tookMs += tookMs;
    this.searches.set(key, row);
  }

  exam(day: string, comunaId: number, regionId: number, examId: number, newSession: boolean): void {
    const key = `${day}|${comunaId}|${examId}`;
    const row = this.exams.get(key) ?? { day, comunaId, examId, regionId, searches: 0, sessions: 0 };
    row.searches += 1;
    if (newSession) row.sessions += 1;
    this.exams.set(key, row);
    const month = `${day.slice(0, 8)}01`;
    const monthKey = `${month}|${regionId}|${examId}`;
    const monthly = this.examMonths.get(monthKey) ?? { month, regionId, examId, searches: 0, sessions: 0 };
    monthly.searches += 1;
    if (newSession) monthly.sessions += 1;
    this.examMonths.set(monthKey, monthly);
  }

  async flush(tx: SqlRunner): Promise<void> {
    const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    const sessions = sorted(this.sessions);
    if (sessions.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_session_daily (day, session, visits, searches, lab_opens, carts, person_id)
        SELECT * FROM unnest(${sessions.map((r) => r.day)}::date[], ${sessions.map((r) => r.session)}::bigint[], ${sessions.map((r) => r.visits)}::int[],
          ${sessions.map((r) => r.searches)}::int[], ${sessions.map((r) => r.labOpens)}::int[], ${sessions.map((r) => r.carts)}::int[], ${sessions.map((r) => r.personId)}::int[])
        ON CONFLICT (day, session) DO UPDATE SET visits = report_session_daily.visits + EXCLUDED.visits,
          searches = report_session_daily.searches + EXCLUDED.searches, lab_opens = report_session_daily.lab_opens + EXCLUDED.lab_opens,
          carts = report_session_daily.carts + EXCLUDED.carts, person_id = COALESCE(EXCLUDED.person_id, report_session_daily.person_id)`);
    }
    const labs = sorted(this.laboratories);
    if (labs.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_laboratory_daily (day, laboratory_id, impressions, position_sum, top3, opens)
        SELECT * FROM unnest(${labs.map((r) => r.day)}::date[], ${labs.map((r) => r.laboratoryId)}::int[], ${labs.map((r) => r.impressions)}::int[],
          ${labs.map((r) => r.positionSum)}::bigint[], ${labs.map((r) => r.top3)}::int[], ${labs.map((r) => r.opens)}::int[])
        ON CONFLICT (day, laboratory_id) DO UPDATE SET impressions = report_laboratory_daily.impressions + EXCLUDED.impressions,
          position_sum = report_laboratory_daily.position_sum + EXCLUDED.position_sum, top3 = report_laboratory_daily.top3 + EXCLUDED.top3,
          opens = report_laboratory_daily.opens + EXCLUDED.opens`);
    }
    const routes = sorted(this.routes);
    if (routes.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_access_daily (day, route, visits, signed_in)
        SELECT * FROM unnest(${routes.map((r) => r.day)}::date[], ${routes.map((r) => r.route)}::text[], ${routes.map((r) => r.visits)}::int[], ${routes.map((r) => r.signedIn)}::int[])
        ON CONFLICT (day, route) DO UPDATE SET visits = report_access_daily.visits + EXCLUDED.visits, signed_in = report_access_daily.signed_in + EXCLUDED.signed_in`);
    }
    const searches = sorted(this.searches);
    if (searches.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_search_daily (day, comuna_id, region_id, searches, no_result, incomplete, took_ms_sum)
        SELECT * FROM unnest(${searches.map((r) => r.day)}::date[], ${searches.map((r) => r.comunaId)}::int[], ${searches.map((r) => r.regionId)}::int[],
          ${searches.map((r) => r.searches)}::int[], ${searches.map((r) => r.noResult)}::int[], ${searches.map((r) => r.incomplete)}::int[], ${searches.map((r) => r.tookMs)}::bigint[])
        ON CONFLICT (day, comuna_id) DO UPDATE SET searches = report_search_daily.searches + EXCLUDED.searches,
          no_result = report_search_daily.no_result + EXCLUDED.no_result, incomplete = report_search_daily.incomplete + EXCLUDED.incomplete,
          took_ms_sum = report_search_daily.took_ms_sum + EXCLUDED.took_ms_sum`);
    }
    const exams = sorted(this.exams);
    if (exams.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_exam_daily (day, comuna_id, exam_id, region_id, searches, sessions)
        SELECT * FROM unnest(${exams.map((r) => r.day)}::date[], ${exams.map((r) => r.comunaId)}::int[], ${exams.map((r) => r.examId)}::int[],
          ${exams.map((r) => r.regionId)}::int[], ${exams.map((r) => r.searches)}::int[], ${exams.map((r) => r.sessions)}::int[])
        ON CONFLICT (day, comuna_id, exam_id) DO UPDATE SET searches = report_exam_daily.searches + EXCLUDED.searches,
          sessions = report_exam_daily.sessions + EXCLUDED.sessions`);
    }
    const months = sorted(this.examMonths);
    if (months.length > 0) {
      await tx.query(Prisma.sql`
        INSERT INTO report_exam_monthly (month, region_id, exam_id, searches, sessions)
        SELECT * FROM unnest(${months.map((r) => r.month)}::date[], ${months.map((r) => r.regionId)}::int[], ${months.map((r) => r.examId)}::int[],
          ${months.map((r) => r.searches)}::int[], ${months.map((r) => r.sessions)}::int[])
        ON CONFLICT (month, region_id, exam_id) DO UPDATE SET searches = report_exam_monthly.searches + EXCLUDED.searches,
          sessions = report_exam_monthly.sessions + EXCLUDED.sessions`);
    }
  }
}

/** Claims a batch for this transaction; false when it was applied before (a redelivery). */
export async function claimBatch(tx: Tx, jobId: string, kind: 'access' | 'search'): Promise<boolean> {
  const claimed = await tx.$executeRaw`INSERT INTO report_batch (job_id, kind) VALUES (${jobId}, ${kind}) ON CONFLICT (job_id) DO NOTHING`;
  return claimed === 1;
}
