import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../generated/prisma/client';
import type { Funnel, LaboratoryCount, ReportDashboard, ReportPeriod, VisitDay } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { daysOf, instantsOf, resolvePeriod, splitByWholeMonths } from '../../domain/period';
import type { ReportBody } from '../../http/reports.schemas';

const TOP = 10;

/** `POST /api/reports/dashboard`: the administrators' dashboard, read from the rollups only. */
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

/**
 * Rows of a period read from a monthly rollup for its whole calendar months and from the daily one for the
 * days at its edges (a year: eleven or twelve months' rows and about thirty days'), as one UNION ALL.
 */
function overPeriod(period: ReportPeriod, daily: (from: string, to: string) => Prisma.Sql, monthly: (from: string, to: string) => Prisma.Sql): Prisma.Sql {
  const { months, days } = splitByWholeMonths(period);
  const parts = days.map((d) => daily(d.from, d.to));
  if (months) parts.push(monthly(months.from, months.to));
  return Prisma.join(parts, ' UNION ALL ');
}

/**
 * The dashboard's most shown or opened branches (optionally of a region, `c.parent_id`): the same figures as
 * `laboratoryCounts` over the daily rollup, read from the monthly one for whole months.
 */
function laboratoryRanking(prisma: PrismaService, period: ReportPeriod, region: Prisma.Sql, order: 'impressions' | 'opens', limit: number): Promise<LabRow[]> {
  const columns = Prisma.sql`laboratory_id, impressions, position_sum, top3, opens`;
  const rows = overPeriod(
    period,
    (from, to) => Prisma.sql`SELECT ${columns} FROM report_laboratory_daily WHERE day BETWEEN ${from}::date AND ${to}::date`,
    (from, to) => Prisma.sql`SELECT ${columns} FROM report_laboratory_monthly WHERE month BETWEEN ${from}::date AND ${to}::date`,
  );
  return prisma.$queryRaw<LabRow[]>`
    SELECT d.laboratory_id, l.identifier_name AS name, c.name AS comuna, sum(d.impressions)::int AS impressions,
      sum(d.position_sum)::float8 AS position_sum, sum(d.top3)::int AS top3, sum(d.opens)::int AS opens
    FROM (${rows}) d JOIN laboratory l ON l.id = d.laboratory_id LEFT JOIN location c ON c.id = l.comuna_id
    WHERE ${region}
    GROUP BY d.laboratory_id, l.identifier_name, c.name
    HAVING sum(d.${Prisma.raw(order)}) > 0
    ORDER BY sum(d.${Prisma.raw(order)}) DESC, d.laboratory_id LIMIT ${limit}`;
}

/**
 * Visits, sessions and signed-in persons per day (the whole site: a visit has no region), from the site's
 * daily rollup: one row a day, where the session rows of a year are millions.
 */
export async function visitsPerDay(prisma: PrismaService, period: ReportPeriod): Promise<VisitDay[]> {
  const rows = await prisma.$queryRaw<{ day: string; visits: number; sessions: number; signed_in: number }[]>`
    SELECT day::text AS day, visits, sessions, signed_in FROM report_site_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(period).map((day) => ({ day, visits: byDay.get(day)?.visits ?? 0, sessions: byDay.get(day)?.sessions ?? 0, signedIn: byDay.get(day)?.signed_in ?? 0 }));
}

/** The exams searched in a period (optionally in a region), whole months from the monthly rollups, the edges from the daily ones. */
function examCounts(period: ReportPeriod, regionId: number | undefined): Prisma.Sql {
  return regionId
    ? overPeriod(
        period,
        (from, to) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_region_daily WHERE region_id = ${regionId} AND day BETWEEN ${from}::date AND ${to}::date`,
        (from, to) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_monthly WHERE region_id = ${regionId} AND month BETWEEN ${from}::date AND ${to}::date`,
      )
    : overPeriod(
        period,
        (from, to) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_country_daily WHERE day BETWEEN ${from}::date AND ${to}::date`,
        (from, to) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_country_monthly WHERE month BETWEEN ${from}::date AND ${to}::date`,
      );
}

/** The searches of a period per comuna (optionally of a region), the searches without a comuna left out. */
function comunaCounts(period: ReportPeriod, region: Prisma.Sql): Prisma.Sql {
  return overPeriod(
    period,
    (from, to) => Prisma.sql`SELECT comuna_id, searches FROM report_search_daily WHERE day BETWEEN ${from}::date AND ${to}::date ${region} AND comuna_id <> 0`,
    (from, to) => Prisma.sql`SELECT comuna_id, searches FROM report_search_monthly WHERE month BETWEEN ${from}::date AND ${to}::date ${region} AND comuna_id <> 0`,
  );
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
    // Every figure comes from a rollup of at most one row per day (and region) or per month (or edge day) and
    // key: a year reads a few tens of thousands of rows however many searches and visits it had (issue 32).
    const [searchDays, visits, exams, comunas, shown, opened, [funnel], [paid]] = await Promise.all([
      this.prisma.$queryRaw<{ day: string; searches: number; no_result: number; incomplete: number; took: number }[]>`
        SELECT day::text AS day, sum(searches)::int AS searches, sum(no_result)::int AS no_result, sum(incomplete)::int AS incomplete, sum(took_ms_sum)::float8 AS took
        FROM report_search_region_daily WHERE ${between} ${region} GROUP BY day`,
      visitsPerDay(this.prisma, period),
      this.prisma.$queryRaw<{ exam_id: number; name: string; searches: number; sessions: number }[]>`
        SELECT t.exam_id, e.name, t.searches, t.sessions FROM (
          SELECT exam_id, sum(searches)::int AS searches, sum(sessions)::int AS sessions FROM (${examCounts(period, filter.regionId)}) x
          GROUP BY exam_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN exam e ON e.id = t.exam_id ORDER BY t.searches DESC, t.exam_id`,
      this.prisma.$queryRaw<{ comuna_id: number; name: string; searches: number }[]>`
        SELECT t.comuna_id, c.name, t.searches FROM (
          SELECT comuna_id, sum(searches)::int AS searches FROM (${comunaCounts(period, region)}) x
          GROUP BY comuna_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN location c ON c.id = t.comuna_id ORDER BY t.searches DESC, t.comuna_id`,
      laboratoryRanking(this.prisma, period, labRegion, 'impressions', TOP),
      laboratoryRanking(this.prisma, period, labRegion, 'opens', TOP),
      this.prisma.$queryRaw<{ sessions: number; searched: number; opened: number; cart: number }[]>`
        SELECT COALESCE(sum(funnel_sessions), 0)::int AS sessions, COALESCE(sum(funnel_searched), 0)::int AS searched,
          COALESCE(sum(funnel_opened), 0)::int AS opened, COALESCE(sum(funnel_cart), 0)::int AS cart
        FROM report_site_daily WHERE ${between}`,
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
