import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../generated/prisma/client';
import type { Funnel, LaboratoryCount, ReportDashboard, ReportPeriod, VisitDay } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { daysOf, instantsOf, resolvePeriod, splitByWholeMonths } from '../../domain/period';
import type { ReportBody } from '../../http/reports.schemas';

const TOP = 10;

/** `POST /api/reports/dashboard`: the administrators' dashboard, read from the daily rollups only. */
export class ReportDashboardQuery extends Query<ReportDashboard> {
  constructor(readonly filter: ReportBody) {
    super();
  }
}

type LabRow = { laboratory_id: number; name: string; comuna: string | null; impressions: number; position_sum: number; top3: number; opens: number };

export const toLaboratoryCount = (r: LabRow): LaboratoryCount => ({
  laboratoryId: r.laboratory_id, name: r.name, comuna: r.comuna, impressions: r.impressions,
  avgPosition: r.impressions > 0 ? Math.round((r.position_sum / r.impressions) * 10) / 10 : null, top3: r.top3, opens: r.opens,
});

/** Branches' impressions and openings over a period, optionally of some branches or a region only. */
export function laboratoryCounts(prisma: PrismaService, period: ReportPeriod, where: Prisma.Sql, order: 'impressions' | 'opens', limit: number | null): Promise<LabRow[]> {
  return prisma.$queryRaw<LabRow[]>`
    SELECT d.laboratory_id, l.identifier_name AS name, c.name AS comuna, sum(d.impressions)::int AS impressions,
      sum(d.position_sum)::float8 AS position_sum, sum(d.top3)::int AS top3, sum(d.opens)::int AS opens
    FROM report_laboratory_daily d JOIN laboratory l ON l.id = d.laboratory_id LEFT JOIN location c ON c.id = l.comuna_id
    WHERE d.day BETWEEN ${period.from}::date AND ${period.to}::date AND ${where}
    GROUP BY d.laboratory_id, l.identifier_name, c.name
    HAVING sum(d.${Prisma.raw(order)}) > 0
    ORDER BY sum(d.${Prisma.raw(order)}) DESC, d.laboratory_id ${limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
}

/** Visits, sessions and signed-in persons per day (the whole site: a visit has no region). */
export async function visitsPerDay(prisma: PrismaService, period: ReportPeriod): Promise<VisitDay[]> {
  const rows = await prisma.$queryRaw<{ day: string; visits: number; sessions: number; signed_in: number }[]>`
    WITH v AS (
      SELECT day, sum(visits)::int AS visits, count(*) FILTER (WHERE visits > 0)::int AS sessions
      FROM report_session_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date GROUP BY day),
    -- Apart: a DISTINCT over every session of a year sorted them all (147 ms of a 400 ms dashboard); few are signed in.
    p AS (
      SELECT day, count(DISTINCT person_id)::int AS signed_in
      FROM report_session_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date AND person_id IS NOT NULL GROUP BY day)
    SELECT v.day::text AS day, v.visits, v.sessions, COALESCE(p.signed_in, 0) AS signed_in FROM v LEFT JOIN p USING (day)`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(period).map((day) => ({ day, visits: byDay.get(day)?.visits ?? 0, sessions: byDay.get(day)?.sessions ?? 0, signedIn: byDay.get(day)?.signed_in ?? 0 }));
}

/** The exams searched in a period: whole months from the monthly rollup, the days at its edges from the daily one. */
function examCounts(period: ReportPeriod, region: Prisma.Sql): Prisma.Sql {
  const { months, days } = splitByWholeMonths(period);
  const parts = days.map((d) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_daily WHERE day BETWEEN ${d.from}::date AND ${d.to}::date ${region}`);
  if (months) parts.push(Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_monthly WHERE month BETWEEN ${months.from}::date AND ${months.to}::date ${region}`);
  return Prisma.join(parts, ' UNION ALL ');
}

@QueryHandler(ReportDashboardQuery)
export class ReportDashboardHandler implements IQueryHandler<ReportDashboardQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: ReportDashboardQuery): Promise<ReportDashboard> {
    const period = resolvePeriod(filter);
    const between = Prisma.sql`day BETWEEN ${period.from}::date AND ${period.to}::date`;
    const region = filter.regionId ? Prisma.sql`AND region_id = ${filter.regionId}` : Prisma.empty;
    const labRegion = filter.regionId ? Prisma.sql`c.parent_id = ${filter.regionId}` : Prisma.sql`TRUE`;
    const { start, end } = instantsOf(period);
    const [searchDays, visits, exams, comunas, shown, opened, [funnel], [paid]] = await Promise.all([
      this.prisma.$queryRaw<{ day: string; searches: number; no_result: number; incomplete: number; took: number }[]>`
        SELECT day::text AS day, sum(searches)::int AS searches, sum(no_result)::int AS no_result, sum(incomplete)::int AS incomplete, sum(took_ms_sum)::float8 AS took
        FROM report_search_daily WHERE ${between} ${region} GROUP BY day`,
      visitsPerDay(this.prisma, period),
      this.prisma.$queryRaw<{ exam_id: number; name: string; searches: number; sessions: number }[]>`
        SELECT t.exam_id, e.name, t.searches, t.sessions FROM (
          SELECT exam_id, sum(searches)::int AS searches, sum(sessions)::int AS sessions FROM (${examCounts(period, region)}) x
          GROUP BY exam_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN exam e ON e.id = t.exam_id ORDER BY t.searches DESC, t.exam_id`,
      this.prisma.$queryRaw<{ comuna_id: number; name: string; searches: number }[]>`
        SELECT t.comuna_id, c.name, t.searches FROM (
          SELECT comuna_id, sum(searches)::int AS searches FROM report_search_daily
          WHERE ${between} ${region} AND comuna_id <> 0 GROUP BY comuna_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN location c ON c.id = t.comuna_id ORDER BY t.searches DESC, t.comuna_id`,
      laboratoryCounts(this.prisma, period, labRegion, 'impressions', TOP),
      laboratoryCounts(this.prisma, period, labRegion, 'opens', TOP),
      this.prisma.$queryRaw<{ sessions: number; searched: number; opened: number; cart: number }[]>`
        SELECT count(*)::int AS sessions, count(*) FILTER (WHERE searches > 0)::int AS searched,
          count(*) FILTER (WHERE searches > 0 AND lab_opens > 0)::int AS opened,
          count(*) FILTER (WHERE searches > 0 AND lab_opens > 0 AND carts > 0)::int AS cart
        FROM report_session_daily WHERE ${between}`,
      this.prisma.$queryRaw<{ orders: number }[]>`
        SELECT count(*)::int AS orders FROM sales_order o JOIN laboratory l ON l.id = o.laboratory_id LEFT JOIN location c ON c.id = l.comuna_id
        WHERE o.paid_at >= ${start} AND o.paid_at < ${end} AND ${labRegion}`,
    ]);
    const byDay = new Map(searchDays.map((r) => [r.day, r]));
    const searchesPerDay = daysOf(period).map((day) => ({ day, searches: byDay.get(day)?.searches ?? 0, noResult: byDay.get(day)?.no_result ?? 0, incomplete: byDay.get(day)?.incomplete ?? 0 }));
    const sum = (f: (r: (typeof searchDays)[number]) => number) => searchDays.reduce((n, r) => n + f(r), 0);
    const searches = sum((r) => r.searches);
    const result: Funnel = { sessions: funnel.sessions, searched: funnel.searched, openedLaboratory: funnel.opened, addedToCart: funnel.cart, paidOrders: paid.orders };
    return {
      period,
      regionId: filter.regionId ?? null,
      totals: {
        searches, noResult: sum((r) => r.no_result), incomplete: sum((r) => r.incomplete),
        avgTookMs: searches > 0 ? Math.round(sum((r) => r.took) / searches) : null,
        visits: visits.reduce((n, d) => n + d.visits, 0), sessions: visits.reduce((n, d) => n + d.sessions, 0),
      },
      searchesPerDay,
      visitsPerDay: visits,
      topExams: exams.map((r) => ({ examId: r.exam_id, name: r.name, searches: r.searches, sessions: r.sessions })),
      topComunas: comunas.map((r) => ({ comunaId: r.comuna_id, name: r.name, searches: r.searches })),
      laboratoriesShown: shown.map(toLaboratoryCount),
      laboratoriesOpened: opened.map(toLaboratoryCount),
      funnel: result,
    };
  }
}
