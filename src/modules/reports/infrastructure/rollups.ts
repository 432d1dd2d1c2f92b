import { POSITIONS_COUNTED } from '../../../contracts/reports';
import { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import type { SqlRunner } from '../../../platform/database/hot-path';
import { addSiteCounts, addToSession, isNoChange, NO_SITE_COUNTS, sessionChange, type SessionCounts, type SiteCounts } from '../domain/site-counts';

type Tx = Prisma.TransactionClient;

/** The first day of a day's calendar month (`YYYY-MM-01`). */
const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/** The second key of a session's advisory lock (`AdvisoryLock.ReportSession`): the session folded into an int. */
export const sessionLockKey = (session: bigint | number) => Number(BigInt(session) % 2147483647n);

/**
 * Takes the sessions' locks, in one order (two batches sharing sessions wait rather than deadlock). Every
 * transaction that writes a session's rows takes its lock first: what it reads of the session stays true
 * until it commits. Taken again by the same transaction, a lock is simply held.
 */
export async function lockSessions(tx: SqlRunner, sessions: (bigint | number)[]): Promise<void> {
  const keys = [...new Set(sessions.map(sessionLockKey))].sort((a, b) => a - b);
  // As text: Prisma cannot read a `void` column (the volatile call is still made after the sort, key by key).
  if (keys.length > 0) await tx.query(Prisma.sql`SELECT pg_advisory_xact_lock(${AdvisoryLock.ReportSession}::int, s)::text FROM unnest(${keys}::int[]) AS s ORDER BY s`);
}

/** Adds `add` to the entry of `key` in `map` (created by `init`). */
function accumulate<T>(map: Map<string, T>, key: string, init: () => T, add: (row: T) => void): void {
  let row = map.get(key);
  if (!row) map.set(key, (row = init()));
  add(row);
}

const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/**
 * Adds counts to the rollups, in the transaction that writes the raw rows (so a batch is counted exactly
 * when its rows exist). Rows are upserted table after table in one order, each table in key order: two
 * batches touching the same days then lock them in the same order and cannot deadlock.
 *
 * The daily rollups are the source of truth; the others are sums of them that let a long period read few
 * rows (issue 32): the whole site per day (from the session rows), searches per day and region and per
 * month and comuna, laboratories per month, exams per day and region and over the whole country. Each is
 * moved by exactly what its source moved, in the same transaction, so each stays exactly its sum.
 */
export class RollupWriter {
  private readonly sessions = new Map<string, { day: string; session: bigint } & SessionCounts>();
  private readonly laboratories = new Map<string, { day: string; laboratoryId: number; impressions: number; positionSum: number; top3: number; opens: number; positions: number[] }>();
  private readonly routes = new Map<string, { day: string; route: string; visits: number; signedIn: number }>();
  private readonly searches = new Map<string, { day: string; comunaId: number; regionId: number; searches: number; noResult: number; incomplete: number; tookMs: number }>();
  private readonly exams = new Map<string, { day: string; comunaId: number; examId: number; regionId: number; searches: number; sessions: number }>();
  private readonly examMonths = new Map<string, { month: string; regionId: number; examId: number; searches: number; sessions: number }>();

  session(day: string, session: bigint, add: { visits?: number; searches?: number; labOpens?: number; carts?: number; personId?: number | null }): void {
    accumulate(this.sessions, `${day}|${session}`, () => ({ day, session, visits: 0, searches: 0, labOpens: 0, carts: 0, personId: null }), (row) => {
      row.visits += add.visits ?? 0;
      row.searches += add.searches ?? 0;
      row.labOpens += add.labOpens ?? 0;
      row.carts += add.carts ?? 0;
      row.personId = add.personId ?? row.personId;
    });
  }

  laboratory(day: string, laboratoryId: number, add: { impressions?: number; position?: number; opens?: number }): void {
    accumulate(this.laboratories, `${day}|${laboratoryId}`, () => ({ day, laboratoryId, impressions: 0, positionSum: 0, top3: 0, opens: 0, positions: [] }), (row) => {
      if (add.position !== undefined) {
        row.impressions += 1;
        row.positionSum += add.position;
        if (add.position <= 3) row.top3 += 1;
        const slot = Math.min(Math.max(add.position, 1), POSITIONS_COUNTED + 1) - 1;
        for (let i = row.positions.length; i <= slot; i++) row.positions.push(0);
        row.positions[slot] += 1;
      }
      row.opens += add.opens ?? 0;
    });
  }

  route(day: string, route: string, signedIn: boolean): void {
    accumulate(this.routes, `${day}|${route}`, () => ({ day, route, visits: 0, signedIn: 0 }), (row) => {
      row.visits += 1;
      if (signedIn) row.signedIn += 1;
    });
  }

  search(day: string, comunaId: number, regionId: number, outcome: 'NONE' | 'INCOMPLETE' | 'COMPLETE', tookMs: number): void {
    accumulate(this.searches, `${day}|${comunaId}`, () => ({ day, comunaId, regionId, searches: 0, noResult: 0, incomplete: 0, tookMs: 0 }), (row) => {
      row.searches += 1;
      if (outcome === 'NONE') row.noResult += 1;
      if (outcome === 'INCOMPLETE') row.incomplete += 1;
      row.tookMs += tookMs;
    });
  }

  exam(day: string, comunaId: number, regionId: number, examId: number, newSession: boolean): void {
    accumulate(this.exams, `${day}|${comunaId}|${examId}`, () => ({ day, comunaId, examId, regionId, searches: 0, sessions: 0 }), (row) => {
      row.searches += 1;
      if (newSession) row.sessions += 1;
    });
    const month = monthOf(day);
    accumulate(this.examMonths, `${month}|${regionId}|${examId}`, () => ({ month, regionId, examId, searches: 0, sessions: 0 }), (row) => {
      row.searches += 1;
      if (newSession) row.sessions += 1;
    });
  }

  async flush(tx: SqlRunner): Promise<void> {
    await this.flushSessions(tx);
    await this.flushLaboratories(tx);
    await this.flushRoutes(tx);
    await this.flushSearches(tx);
    await this.flushExams(tx);
  }

  /**
   * The session rows, and what they change of their days: the site's counts and its distinct persons. Those
   * are worked out from each row as it was and as it will be, read under the sessions' locks, so a count
   * moves only when the row crosses a line (its first visit, its first search...) and never twice.
   */
  private async flushSessions(tx: SqlRunner): Promise<void> {
    const sessions = sorted(this.sessions);
    if (sessions.length === 0) return;
    await lockSessions(tx, sessions.map((r) => r.session));
    const days = sessions.map((r) => r.day);
    const ids = sessions.map((r) => r.session);
    const found = await tx.query<{ day: string; session: string; visits: number; searches: number; lab_opens: number; carts: number; person_id: number | null }>(Prisma.sql`
      SELECT o.day::text AS day, o.session::text AS session, o.visits, o.searches, o.lab_opens, o.carts, o.person_id
      FROM report_session_daily o JOIN unnest(${days}::date[], ${ids}::bigint[]) AS k(day, session) ON o.day = k.day AND o.session = k.session`);
    const before = new Map(found.map((o) => [`${o.day}|${o.session}`, { visits: o.visits, searches: o.searches, labOpens: o.lab_opens, carts: o.carts, personId: o.person_id }]));
    const site = new Map<string, { day: string; counts: SiteCounts; signedIn: number }>();
    const persons = new Map<string, { day: string; personId: number; sessions: number }>();
    for (const row of sessions) {
      const was = before.get(`${row.day}|${row.session}`) ?? null;
      const change = sessionChange(was, addToSession(was, row));
      accumulate(site, row.day, () => ({ day: row.day, counts: NO_SITE_COUNTS, signedIn: 0 }), (d) => (d.counts = addSiteCounts(d.counts, change.site)));
      for (const p of change.persons) accumulate(persons, `${row.day}|${p.personId}`, () => ({ day: row.day, personId: p.personId, sessions: 0 }), (r) => (r.sessions += p.sessions));
    }

    await tx.query(Prisma.sql`
      INSERT INTO report_session_daily (day, session, visits, searches, lab_opens, carts, person_id)
      SELECT * FROM unnest(${days}::date[], ${ids}::bigint[], ${sessions.map((r) => r.visits)}::int[],
        ${sessions.map((r) => r.searches)}::int[], ${sessions.map((r) => r.labOpens)}::int[], ${sessions.map((r) => r.carts)}::int[], ${sessions.map((r) => r.personId)}::int[])
      ON CONFLICT (day, session) DO UPDATE SET visits = report_session_daily.visits + EXCLUDED.visits,
        searches = report_session_daily.searches + EXCLUDED.searches, lab_opens = report_session_daily.lab_opens + EXCLUDED.lab_opens,
        carts = report_session_daily.carts + EXCLUDED.carts, person_id = COALESCE(EXCLUDED.person_id, report_session_daily.person_id)`);

    // A person counts on a day while some session row of the day carries them: the day's count moves when
    // their number of such rows leaves or reaches 0.
    const moved = sorted(persons).filter((p) => p.sessions !== 0);
    if (moved.length > 0) {
      const after = await tx.query<{ day: string; person_id: number; sessions: number }>(Prisma.sql`
        INSERT INTO report_person_daily AS t (day, person_id, sessions)
        SELECT * FROM unnest(${moved.map((p) => p.day)}::date[], ${moved.map((p) => p.personId)}::int[], ${moved.map((p) => p.sessions)}::int[])
        ON CONFLICT (day, person_id) DO UPDATE SET sessions = t.sessions + EXCLUDED.sessions
        RETURNING day::text AS day, person_id, sessions`);
      const delta = new Map(moved.map((p) => [`${p.day}|${p.personId}`, p.sessions]));
      for (const p of after) {
        const was = p.sessions - (delta.get(`${p.day}|${p.person_id}`) ?? 0);
        const joined = was <= 0 && p.sessions > 0 ? 1 : was > 0 && p.sessions <= 0 ? -1 : 0;
        if (joined !== 0) accumulate(site, p.day, () => ({ day: p.day, counts: NO_SITE_COUNTS, signedIn: 0 }), (d) => (d.signedIn += joined));
      }
      const gone = after.filter((p) => p.sessions <= 0);
      if (gone.length > 0) {
        await tx.query(Prisma.sql`
          DELETE FROM report_person_daily t USING unnest(${gone.map((p) => p.day)}::date[], ${gone.map((p) => p.person_id)}::int[]) AS g(day, person_id)
          WHERE t.day = g.day AND t.person_id = g.person_id AND t.sessions <= 0`);
      }
    }

    // A day nothing crossed a line on is not written: a session searching again leaves the day's row alone.
    const changed = sorted(site).filter((d) => d.signedIn !== 0 || !isNoChange(d.counts));
    if (changed.length > 0) {
      const col = (f: (c: SiteCounts) => number) => changed.map((d) => f(d.counts));
      await tx.query(Prisma.sql`
        INSERT INTO report_site_daily AS t (day, visits, sessions, signed_in, funnel_sessions, funnel_searched, funnel_opened, funnel_cart)
        SELECT * FROM unnest(${changed.map((d) => d.day)}::date[], ${col((c) => c.visits)}::int[], ${col((c) => c.sessions)}::int[], ${changed.map((d) => d.signedIn)}::int[],
          ${col((c) => c.funnelSessions)}::int[], ${col((c) => c.funnelSearched)}::int[], ${col((c) => c.funnelOpened)}::int[], ${col((c) => c.funnelCart)}::int[])
        ON CONFLICT (day) DO UPDATE SET visits = t.visits + EXCLUDED.visits, sessions = t.sessions + EXCLUDED.sessions,
          signed_in = t.signed_in + EXCLUDED.signed_in, funnel_sessions = t.funnel_sessions + EXCLUDED.funnel_sessions,
          funnel_searched = t.funnel_searched + EXCLUDED.funnel_searched, funnel_opened = t.funnel_opened + EXCLUDED.funnel_opened,
          funnel_cart = t.funnel_cart + EXCLUDED.funnel_cart`);
    }
  }

  private async flushLaboratories(tx: SqlRunner): Promise<void> {
    const labs = sorted(this.laboratories);
    if (labs.length === 0) return;
    await tx.query(Prisma.sql`
      INSERT INTO report_laboratory_daily (day, laboratory_id, impressions, position_sum, top3, opens, positions)
      SELECT u.day, u.laboratory_id, u.impressions, u.position_sum, u.top3, u.opens,
        -- The batch's position counts travel as one text per row (an array of arrays must be rectangular).
        u.positions::int[]
      FROM unnest(${labs.map((r) => r.day)}::date[], ${labs.map((r) => r.laboratoryId)}::int[], ${labs.map((r) => r.impressions)}::int[],
        ${labs.map((r) => r.positionSum)}::bigint[], ${labs.map((r) => r.top3)}::int[], ${labs.map((r) => r.opens)}::int[],
        ${labs.map((r) => `{${r.positions.join(',')}}`)}::text[]) AS u(day, laboratory_id, impressions, position_sum, top3, opens, positions)
      ON CONFLICT (day, laboratory_id) DO UPDATE SET impressions = report_laboratory_daily.impressions + EXCLUDED.impressions,
        position_sum = report_laboratory_daily.position_sum + EXCLUDED.position_sum, top3 = report_laboratory_daily.top3 + EXCLUDED.top3,
        opens = report_laboratory_daily.opens + EXCLUDED.opens,
        positions = CASE WHEN cardinality(EXCLUDED.positions) = 0 THEN report_laboratory_daily.positions ELSE add_counts(report_laboratory_daily.positions, EXCLUDED.positions) END`);
    const months = new Map<string, { month: string; laboratoryId: number; impressions: number; positionSum: number; top3: number; opens: number }>();
    for (const r of labs) {
      const month = monthOf(r.day);
      accumulate(months, `${month}|${r.laboratoryId}`, () => ({ month, laboratoryId: r.laboratoryId, impressions: 0, positionSum: 0, top3: 0, opens: 0 }), (m) => {
        m.impressions += r.impressions;
        m.positionSum += r.positionSum;
        m.top3 += r.top3;
        m.opens += r.opens;
      });
    }
    const monthly = sorted(months);
    await tx.query(Prisma.sql`
      INSERT INTO report_laboratory_monthly AS t (month, laboratory_id, impressions, position_sum, top3, opens)
      SELECT * FROM unnest(${monthly.map((r) => r.month)}::date[], ${monthly.map((r) => r.laboratoryId)}::int[], ${monthly.map((r) => r.impressions)}::int[],
        ${monthly.map((r) => r.positionSum)}::bigint[], ${monthly.map((r) => r.top3)}::int[], ${monthly.map((r) => r.opens)}::int[])
      ON CONFLICT (month, laboratory_id) DO UPDATE SET impressions = t.impressions + EXCLUDED.impressions,
        position_sum = t.position_sum + EXCLUDED.position_sum, top3 = t.top3 + EXCLUDED.top3, opens = t.opens + EXCLUDED.opens`);
  }

  private async flushRoutes(tx: SqlRunner): Promise<void> {
    const routes = sorted(this.routes);
    if (routes.length === 0) return;
    await tx.query(Prisma.sql`
      INSERT INTO report_access_daily (day, route, visits, signed_in)
      SELECT * FROM unnest(${routes.map((r) => r.day)}::date[], ${routes.map((r) => r.route)}::text[], ${routes.map((r) => r.visits)}::int[], ${routes.map((r) => r.signedIn)}::int[])
      ON CONFLICT (day, route) DO UPDATE SET visits = report_access_daily.visits + EXCLUDED.visits, signed_in = report_access_daily.signed_in + EXCLUDED.signed_in`);
  }

  /**
   * Searches per day and comuna, then their sums per day and region and per month and comuna. A daily row
   * keeps the region it was first written with (a search without a comuna names a region, or none): the
   * sums count each batch under the region its daily row holds, as the dashboard always read them.
   */
  private async flushSearches(tx: SqlRunner): Promise<void> {
    const searches = sorted(this.searches);
    if (searches.length === 0) return;
    const kept = await tx.query<{ day: string; comuna_id: number; region_id: number }>(Prisma.sql`
      INSERT INTO report_search_daily (day, comuna_id, region_id, searches, no_result, incomplete, took_ms_sum)
      SELECT * FROM unnest(${searches.map((r) => r.day)}::date[], ${searches.map((r) => r.comunaId)}::int[], ${searches.map((r) => r.regionId)}::int[],
        ${searches.map((r) => r.searches)}::int[], ${searches.map((r) => r.noResult)}::int[], ${searches.map((r) => r.incomplete)}::int[], ${searches.map((r) => r.tookMs)}::bigint[])
      ON CONFLICT (day, comuna_id) DO UPDATE SET searches = report_search_daily.searches + EXCLUDED.searches,
        no_result = report_search_daily.no_result + EXCLUDED.no_result, incomplete = report_search_daily.incomplete + EXCLUDED.incomplete,
        took_ms_sum = report_search_daily.took_ms_sum + EXCLUDED.took_ms_sum
      RETURNING day::text AS day, comuna_id, region_id`);
    const regionOf = new Map(kept.map((k) => [`${k.day}|${k.comuna_id}`, k.region_id]));
    type Counts = { searches: number; noResult: number; incomplete: number; tookMs: number };
    const add = (to: Counts, r: Counts) => {
      to.searches += r.searches;
      to.noResult += r.noResult;
      to.incomplete += r.incomplete;
      to.tookMs += r.tookMs;
    };
    const perRegion = new Map<string, { day: string; regionId: number } & Counts>();
    const perMonth = new Map<string, { month: string; comunaId: number; regionId: number } & Counts>();
    for (const r of searches) {
      const regionId = regionOf.get(`${r.day}|${r.comunaId}`) ?? r.regionId;
      const month = monthOf(r.day);
      accumulate(perRegion, `${r.day}|${regionId}`, () => ({ day: r.day, regionId, searches: 0, noResult: 0, incomplete: 0, tookMs: 0 }), (to) => add(to, r));
      accumulate(perMonth, `${month}|${r.comunaId}|${regionId}`, () => ({ month, comunaId: r.comunaId, regionId, searches: 0, noResult: 0, incomplete: 0, tookMs: 0 }), (to) => add(to, r));
    }
    const regions = sorted(perRegion);
    await tx.query(Prisma.sql`
      INSERT INTO report_search_region_daily AS t (day, region_id, searches, no_result, incomplete, took_ms_sum)
      SELECT * FROM unnest(${regions.map((r) => r.day)}::date[], ${regions.map((r) => r.regionId)}::int[], ${regions.map((r) => r.searches)}::int[],
        ${regions.map((r) => r.noResult)}::int[], ${regions.map((r) => r.incomplete)}::int[], ${regions.map((r) => r.tookMs)}::bigint[])
      ON CONFLICT (day, region_id) DO UPDATE SET searches = t.searches + EXCLUDED.searches, no_result = t.no_result + EXCLUDED.no_result,
        incomplete = t.incomplete + EXCLUDED.incomplete, took_ms_sum = t.took_ms_sum + EXCLUDED.took_ms_sum`);
    const months = sorted(perMonth);
    await tx.query(Prisma.sql`
      INSERT INTO report_search_monthly AS t (month, comuna_id, region_id, searches, no_result, incomplete, took_ms_sum)
      SELECT * FROM unnest(${months.map((r) => r.month)}::date[], ${months.map((r) => r.comunaId)}::int[], ${months.map((r) => r.regionId)}::int[],
        ${months.map((r) => r.searches)}::int[], ${months.map((r) => r.noResult)}::int[], ${months.map((r) => r.incomplete)}::int[], ${months.map((r) => r.tookMs)}::bigint[])
      ON CONFLICT (month, comuna_id, region_id) DO UPDATE SET searches = t.searches + EXCLUDED.searches, no_result = t.no_result + EXCLUDED.no_result,
        incomplete = t.incomplete + EXCLUDED.incomplete, took_ms_sum = t.took_ms_sum + EXCLUDED.took_ms_sum`);
  }

  /**
   * Exams per day and comuna and per month and region (each search's own region), then their sums: per day
   * and region (the region the daily row holds, as for searches), per day and per month over the country.
   */
  private async flushExams(tx: SqlRunner): Promise<void> {
    const exams = sorted(this.exams);
    if (exams.length === 0) return;
    const kept = await tx.query<{ day: string; comuna_id: number; exam_id: number; region_id: number }>(Prisma.sql`
      INSERT INTO report_exam_daily (day, comuna_id, exam_id, region_id, searches, sessions)
      SELECT * FROM unnest(${exams.map((r) => r.day)}::date[], ${exams.map((r) => r.comunaId)}::int[], ${exams.map((r) => r.examId)}::int[],
        ${exams.map((r) => r.regionId)}::int[], ${exams.map((r) => r.searches)}::int[], ${exams.map((r) => r.sessions)}::int[])
      ON CONFLICT (day, comuna_id, exam_id) DO UPDATE SET searches = report_exam_daily.searches + EXCLUDED.searches,
        sessions = report_exam_daily.sessions + EXCLUDED.sessions
      RETURNING day::text AS day, comuna_id, exam_id, region_id`);
    const regionOf = new Map(kept.map((k) => [`${k.day}|${k.comuna_id}|${k.exam_id}`, k.region_id]));
    type Counts = { searches: number; sessions: number };
    const add = (to: Counts, r: Counts) => {
      to.searches += r.searches;
      to.sessions += r.sessions;
    };
    const perRegion = new Map<string, { regionId: number; day: string; examId: number } & Counts>();
    const perDay = new Map<string, { day: string; examId: number } & Counts>();
    for (const r of exams) {
      const regionId = regionOf.get(`${r.day}|${r.comunaId}|${r.examId}`) ?? r.regionId;
      accumulate(perRegion, `${regionId}|${r.day}|${r.examId}`, () => ({ regionId, day: r.day, examId: r.examId, searches: 0, sessions: 0 }), (to) => add(to, r));
      accumulate(perDay, `${r.day}|${r.examId}`, () => ({ day: r.day, examId: r.examId, searches: 0, sessions: 0 }), (to) => add(to, r));
    }
    const regions = sorted(perRegion);
    await tx.query(Prisma.sql`
      INSERT INTO report_exam_region_daily AS t (region_id, day, exam_id, searches, sessions)
      SELECT * FROM unnest(${regions.map((r) => r.regionId)}::int[], ${regions.map((r) => r.day)}::date[], ${regions.map((r) => r.examId)}::int[],
        ${regions.map((r) => r.searches)}::int[], ${regions.map((r) => r.sessions)}::int[])
      ON CONFLICT (region_id, day, exam_id) DO UPDATE SET searches = t.searches + EXCLUDED.searches, sessions = t.sessions + EXCLUDED.sessions`);
    const days = sorted(perDay);
    await tx.query(Prisma.sql`
      INSERT INTO report_exam_country_daily AS t (day, exam_id, searches, sessions)
      SELECT * FROM unnest(${days.map((r) => r.day)}::date[], ${days.map((r) => r.examId)}::int[], ${days.map((r) => r.searches)}::int[], ${days.map((r) => r.sessions)}::int[])
      ON CONFLICT (day, exam_id) DO UPDATE SET searches = t.searches + EXCLUDED.searches, sessions = t.sessions + EXCLUDED.sessions`);

    const months = sorted(this.examMonths);
    await tx.query(Prisma.sql`
      INSERT INTO report_exam_monthly (month, region_id, exam_id, searches, sessions)
      SELECT * FROM unnest(${months.map((r) => r.month)}::date[], ${months.map((r) => r.regionId)}::int[], ${months.map((r) => r.examId)}::int[],
        ${months.map((r) => r.searches)}::int[], ${months.map((r) => r.sessions)}::int[])
      ON CONFLICT (month, region_id, exam_id) DO UPDATE SET searches = report_exam_monthly.searches + EXCLUDED.searches,
        sessions = report_exam_monthly.sessions + EXCLUDED.sessions`);
    const country = new Map<string, { month: string; examId: number } & Counts>();
    for (const r of months) accumulate(country, `${r.month}|${r.examId}`, () => ({ month: r.month, examId: r.examId, searches: 0, sessions: 0 }), (to) => add(to, r));
    const countryMonths = sorted(country);
    await tx.query(Prisma.sql`
      INSERT INTO report_exam_country_monthly AS t (month, exam_id, searches, sessions)
      SELECT * FROM unnest(${countryMonths.map((r) => r.month)}::date[], ${countryMonths.map((r) => r.examId)}::int[], ${countryMonths.map((r) => r.searches)}::int[],
        ${countryMonths.map((r) => r.sessions)}::int[])
      ON CONFLICT (month, exam_id) DO UPDATE SET searches = t.searches + EXCLUDED.searches, sessions = t.sessions + EXCLUDED.sessions`);
  }
}

/** Claims a batch for this transaction; false when it was applied before (a redelivery). */
export async function claimBatch(tx: Tx, jobId: string, kind: 'access' | 'search'): Promise<boolean> {
  const claimed = await tx.$executeRaw`INSERT INTO report_batch (job_id, kind) VALUES (${jobId}, ${kind}) ON CONFLICT (job_id) DO NOTHING`;
  return claimed === 1;
}
