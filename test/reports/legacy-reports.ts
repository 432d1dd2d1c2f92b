/**
 * The reports as they were computed before issue 32, kept verbatim as the tests' reference: the dashboard
 * and the access report over the per-session-per-day rows and the daily rollups, and the search history's
 * CSV as the export wrote it from a cursor over the joined rows. The tests compare today's answers with
 * these on the same generated data.
 */
import { Client, types as pgTypes } from 'pg';
import { Prisma } from '../../src/generated/prisma/client';
import type { AccessReport, Funnel, LaboratoryCount, ReportDashboard, ReportPeriod, VisitDay } from '../../src/contracts/reports';
import { CSV_BOM, csvLine } from '../../src/contracts/csv';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { daysOf, instantsOf, resolvePeriod, splitByWholeMonths } from '../../src/modules/reports/domain/period';
import { historyOrder, historyWhere, type HistoryFilter } from '../../src/modules/reports/queries/search-history/search-history.query';
import type { ReportBody } from '../../src/modules/reports/http/reports.schemas';

const TOP = 10;

type LabRow = { laboratory_id: number; name: string; comuna: string | null; impressions: number; position_sum: number; top3: number; opens: number };

const toLaboratoryCount = (r: LabRow): LaboratoryCount => ({
  laboratoryId: r.laboratory_id, name: r.name, comuna: r.comuna, impressions: r.impressions,
  avgPosition: r.impressions > 0 ? Math.round((r.position_sum / r.impressions) * 10) / 10 : null, top3: r.top3, opens: r.opens,
});

function laboratoryCounts(prisma: PrismaService, period: ReportPeriod, where: Prisma.Sql, order: 'impressions' | 'opens', limit: number | null): Promise<LabRow[]> {
  return prisma.$queryRaw<LabRow[]>`
    SELECT d.laboratory_id, l.identifier_name AS name, c.name AS comuna, sum(d.impressions)::int AS impressions,
      sum(d.position_sum)::float8 AS position_sum, sum(d.top3)::int AS top3, sum(d.opens)::int AS opens
    FROM report_laboratory_daily d JOIN laboratory l ON l.id = d.laboratory_id LEFT JOIN location c ON c.id = l.comuna_id
    WHERE d.day BETWEEN ${period.from}::date AND ${period.to}::date AND ${where}
    GROUP BY d.laboratory_id, l.identifier_name, c.name
    HAVING sum(d.${Prisma.raw(order)}) > 0
    ORDER BY sum(d.${Prisma.raw(order)}) DESC, d.laboratory_id ${limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
}

async function visitsPerDay(prisma: PrismaService, period: ReportPeriod): Promise<VisitDay[]> {
  const rows = await prisma.$queryRaw<{ day: string; visits: number; sessions: number; signed_in: number }[]>`
    WITH v AS (
      SELECT day, sum(visits)::int AS visits, count(*) FILTER (WHERE visits > 0)::int AS sessions
      FROM report_session_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date GROUP BY day),
    p AS (
      SELECT day, count(DISTINCT person_id)::int AS signed_in
      FROM report_session_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date AND person_id IS NOT NULL GROUP BY day)
    SELECT v.day::text AS day, v.visits, v.sessions, COALESCE(p.signed_in, 0) AS signed_in FROM v LEFT JOIN p USING (day)`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(period).map((day) => ({ day, visits: byDay.get(day)?.visits ?? 0, sessions: byDay.get(day)?.sessions ?? 0, signedIn: byDay.get(day)?.signed_in ?? 0 }));
}

function examCounts(period: ReportPeriod, region: Prisma.Sql): Prisma.Sql {
  const { months, days } = splitByWholeMonths(period);
  const parts = days.map((d) => Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_daily WHERE day BETWEEN ${d.from}::date AND ${d.to}::date ${region}`);
  if (months) parts.push(Prisma.sql`SELECT exam_id, searches, sessions FROM report_exam_monthly WHERE month BETWEEN ${months.from}::date AND ${months.to}::date ${region}`);
  return Prisma.join(parts, ' UNION ALL ');
}

/** `POST /api/reports/dashboard` as it was answered before issue 32. */
export async function legacyDashboard(prisma: PrismaService, filter: ReportBody): Promise<ReportDashboard> {
  const period = resolvePeriod(filter);
  const between = Prisma.sql`day BETWEEN ${period.from}::date AND ${period.to}::date`;
  const region = filter.regionId ? Prisma.sql`AND region_id = ${filter.regionId}` : Prisma.empty;
  const labRegion = filter.regionId ? Prisma.sql`c.parent_id = ${filter.regionId}` : Prisma.sql`TRUE`;
  const { start, end } = instantsOf(period);
  const [searchDays, visits, exams, comunas, shown, opened, [funnel], [paid]] = await Promise.all([
    prisma.$queryRaw<{ day: string; searches: number; no_result: number; incomplete: number; took: number }[]>`
      SELECT day::text AS day, sum(searches)::int AS searches, sum(no_result)::int AS no_result, sum(incomplete)::int AS incomplete, sum(took_ms_sum)::float8 AS took
      FROM report_search_daily WHERE ${between} ${region} GROUP BY day`,
    visitsPerDay(prisma, period),
    prisma.$queryRaw<{ exam_id: number; name: string; searches: number; sessions: number }[]>`
      SELECT t.exam_id, e.name, t.searches, t.sessions FROM (
        SELECT exam_id, sum(searches)::int AS searches, sum(sessions)::int AS sessions FROM (${examCounts(period, region)}) x
        GROUP BY exam_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN exam e ON e.id = t.exam_id ORDER BY t.searches DESC, t.exam_id`,
    prisma.$queryRaw<{ comuna_id: number; name: string; searches: number }[]>`
      SELECT t.comuna_id, c.name, t.searches FROM (
        SELECT comuna_id, sum(searches)::int AS searches FROM report_search_daily
        WHERE ${between} ${region} AND comuna_id <> 0 GROUP BY comuna_id ORDER BY 2 DESC, 1 LIMIT ${TOP}) t JOIN location c ON c.id = t.comuna_id ORDER BY t.searches DESC, t.comuna_id`,
    laboratoryCounts(prisma, period, labRegion, 'impressions', TOP),
    laboratoryCounts(prisma, period, labRegion, 'opens', TOP),
    prisma.$queryRaw<{ sessions: number; searched: number; opened: number; cart: number }[]>`
      SELECT count(*)::int AS sessions, count(*) FILTER (WHERE searches > 0)::int AS searched,
        count(*) FILTER (WHERE searches > 0 AND lab_opens > 0)::int AS opened,
        count(*) FILTER (WHERE searches > 0 AND lab_opens > 0 AND carts > 0)::int AS cart
      FROM report_session_daily WHERE ${between}`,
    prisma.$queryRaw<{ orders: number }[]>`
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

/** `POST /api/reports/access` as it was answered before issue 32. */
export async function legacyAccessReport(prisma: PrismaService, filter: ReportBody): Promise<AccessReport> {
  const period = resolvePeriod(filter);
  const [perDay, routes, [totals]] = await Promise.all([
    visitsPerDay(prisma, period),
    prisma.$queryRaw<{ route: string; visits: number; signed_in: number }[]>`
      SELECT route, sum(visits)::int AS visits, sum(signed_in)::int AS signed_in FROM report_access_daily
      WHERE day BETWEEN ${period.from}::date AND ${period.to}::date GROUP BY route ORDER BY 2 DESC, 1 LIMIT 50`,
    prisma.$queryRaw<{ signed_in: number }[]>`
      SELECT count(DISTINCT person_id)::int AS signed_in FROM report_session_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`,
  ]);
  return {
    period,
    totals: { visits: perDay.reduce((n, d) => n + d.visits, 0), sessions: perDay.reduce((n, d) => n + d.sessions, 0), signedIn: totals.signed_in },
    perDay,
    routes: routes.map((r) => ({ route: r.route, visits: r.visits, signedIn: r.signed_in })),
  };
}

const OUTCOME = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' } as const;
const HEADER = ['N° búsqueda', 'Fecha', 'Sesión', 'Persona', 'Correo', 'Exámenes', 'Comuna', 'Región', 'Comunas cercanas', 'Previsión', 'Cobertura %', 'Resultados', 'Resultado', 'Latencia ms'];

interface LegacyRow {
  id: string;
  created_at: Date;
  session: string | null;
  person_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  exams: number[];
  comuna: string | null;
  region: string | null;
  with_near: boolean;
  insurer: string | null;
  coverage: string | null;
  result_count: number;
  outcome: keyof typeof OUTCOME;
  took_ms: number;
}

/**
 * `GET /api/reports/search-history/export?format=csv` as it was written before issue 32 (whole file in one
 * string). One difference, on purpose: the old export read `timestamp` columns through `pg`'s default parser,
 * in the process's time zone, which is UTC in the container and on the test machines; here they are read as
 * UTC whatever the time zone, as the history page (through Prisma) always read them.
 */
export async function legacyCsv(prisma: PrismaService, filter: HistoryFilter): Promise<string> {
  const { column, desc } = historyOrder(filter);
  const direction = Prisma.raw(desc ? 'DESC' : 'ASC');
  const select = Prisma.sql`
    SELECT s.id, s.created_at, s.session, s.person_id, p.first_name, p.last_name, u.email,
      s.exam_ids AS exams,
      c.name AS comuna, r.name AS region, s.with_near, i.name AS insurer, s.filters->>'coveragePercentage' AS coverage,
      s.result_count, s.outcome, s.took_ms
    FROM search_history s
    LEFT JOIN person p ON p.id = s.person_id
    LEFT JOIN app_user u ON u.person_id = s.person_id
    LEFT JOIN location c ON c.id = s.comuna_id
    LEFT JOIN location r ON r.id = s.region_id
    LEFT JOIN insurer i ON i.id = s.insurer_id
    WHERE ${historyWhere(filter)} ORDER BY ${column} ${direction}, s.id ${direction}`;
  const examNames = new Map((await prisma.exam.findMany({ select: { id: true, name: true } })).map((e) => [e.id, e.name]));
  const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
  const client = new Client({
    connectionString: prisma.databaseUrl,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === pgTypes.builtins.TIMESTAMP ? utc : pgTypes.getTypeParser(oid, format))) as typeof pgTypes.getTypeParser },
  });
  await client.connect();
  try {
    const values = select.values.map((v) => (v instanceof Date ? v.toISOString() : v));
    const { rows } = await client.query<LegacyRow>({ text: select.text, values });
    let csv = CSV_BOM + csvLine(HEADER);
    for (const row of rows) {
      const coverage = row.coverage === null || row.coverage === '' ? null : Number(row.coverage);
      const exams = row.exams.map((id) => ({ id, name: examNames.get(id) ?? '' })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const person = row.person_id === null ? null : { fullName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email ?? '' };
      csv += csvLine([
        String(row.id), row.created_at.toISOString(), row.session === null ? null : String(row.session), person?.fullName ?? null, person?.email ?? null,
        exams.map((e) => e.name).join(' | '), row.comuna, row.region, row.with_near ? 'Sí' : 'No', row.insurer,
        Number.isFinite(coverage) ? coverage : null, row.result_count, OUTCOME[row.outcome], row.took_ms,
      ]);
    }
    return csv;
  } finally {
    await client.end();
  }
}
