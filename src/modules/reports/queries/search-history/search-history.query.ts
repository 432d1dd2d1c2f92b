import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../generated/prisma/client';
import type { Page } from '../../../../contracts/envelope';
import type { SearchHistoryRow, SearchOutcome, SearchResultsView } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { NotFoundError } from '../../../../platform/http/app-error';
import { instantsOf, resolvePeriod } from '../../domain/period';
import type { SearchHistoryBody } from '../../http/reports.schemas';

export type HistoryFilter = Omit<SearchHistoryBody, 'currentPage' | 'perPage'>;

const ORDER_COLUMN = { createdAt: 's.created_at', resultCount: 's.result_count', tookMs: 's.took_ms' } as const;

/** The WHERE of the search history: the page and the export read the very same rows. */
export function historyWhere(filter: HistoryFilter): Prisma.Sql {
  const { start, end } = instantsOf(resolvePeriod(filter));
  const parts = [Prisma.sql`s.created_at >= ${start} AND s.created_at < ${end}`];
  if (filter.regionId) parts.push(Prisma.sql`s.region_id = ${filter.regionId}`);
  if (filter.comunaId) parts.push(Prisma.sql`s.comuna_id = ${filter.comunaId}`);
  if (filter.insurerId) parts.push(Prisma.sql`s.insurer_id = ${filter.insurerId}`);
  if (filter.examId) parts.push(Prisma.sql`s.exam_ids @> ARRAY[${filter.examId}]::int[]`);
  if (filter.outcome) parts.push(Prisma.sql`s.outcome = ${filter.outcome}`);
  if (filter.personId) parts.push(Prisma.sql`s.person_id = ${filter.personId}`);
  if (filter.session) parts.push(Prisma.sql`s.session = ${BigInt(filter.session)}`);
  return Prisma.join(parts, ' AND ');
}

export function historyOrder(filter: HistoryFilter): { column: Prisma.Sql; desc: boolean } {
  return { column: Prisma.raw(ORDER_COLUMN[filter.orderBy ?? 'createdAt']), desc: (filter.orderSort ?? 'desc') === 'desc' };
}

export interface RawRow {
  id: bigint;
  created_at: Date;
  session: bigint | null;
  person_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** The exams with their names. */
  exams: { id: number; name: string }[];
  comuna: string | null;
  region: string | null;
  with_near: boolean;
  insurer: string | null;
  coverage: string | null;
  result_count: number;
  outcome: SearchOutcome;
  took_ms: number;
}

/** The columns of a search history row (the page's; the export reads its own); `where`/`tail` complete the statement. */
export function historySelect(where: Prisma.Sql, tail: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT s.id, s.created_at, s.session, s.person_id, p.first_name, p.last_name, u.email,
      COALESCE((SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY e.name) FROM exam e WHERE e.id = ANY(s.exam_ids)), '[]') AS exams,
      c.name AS comuna, r.name AS region, s.with_near, i.name AS insurer, s.filters->>'coveragePercentage' AS coverage,
      s.result_count, s.outcome, s.took_ms
    FROM search_history s
    LEFT JOIN person p ON p.id = s.person_id
    LEFT JOIN app_user u ON u.person_id = s.person_id
    LEFT JOIN location c ON c.id = s.comuna_id
    LEFT JOIN location r ON r.id = s.region_id
    LEFT JOIN insurer i ON i.id = s.insurer_id
    WHERE ${where} ${tail}`;
}

export function toHistoryRow(row: RawRow): SearchHistoryRow {
  const coverage = row.coverage === null || row.coverage === '' ? null : Number(row.coverage);
  return {
    id: String(row.id),
    createdAt: row.created_at.toISOString(),
    session: row.session === null ? null : String(row.session),
    person: row.person_id === null ? null : { id: row.person_id, fullName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email ?? '' },
    exams: row.exams,
    comuna: row.comuna,
    region: row.region,
    withNearLocations: row.with_near,
    insurer: row.insurer,
    coveragePercentage: Number.isFinite(coverage) ? coverage : null,
    resultCount: row.result_count,
    outcome: row.outcome,
    tookMs: row.took_ms,
  };
}

export async function readHistory(prisma: PrismaService, sql: Prisma.Sql) {
  return (await prisma.$queryRaw<RawRow[]>(sql)).map(toHistoryRow);
}

/** `POST /api/reports/search-history`: one page of searches, newest first unless told otherwise. */
export class SearchHistoryQuery extends Query<Page<SearchHistoryRow>> {
  constructor(readonly filter: SearchHistoryBody) {
    super();
  }
}

@QueryHandler(SearchHistoryQuery)
export class SearchHistoryHandler implements IQueryHandler<SearchHistoryQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchHistoryQuery): Promise<Page<SearchHistoryRow>> {
    const where = historyWhere(filter);
    const { column, desc } = historyOrder(filter);
    const direction = Prisma.raw(desc ? 'DESC' : 'ASC');
    const offset = (filter.currentPage - 1) * filter.perPage;
    const [rows, [{ n }]] = await Promise.all([
      readHistory(this.prisma, historySelect(where, Prisma.sql`ORDER BY ${column} ${direction}, s.id ${direction} LIMIT ${filter.perPage} OFFSET ${offset}`)),
      this.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM search_history s WHERE ${where}`,
    ]);
    return {
      items: rows,
      total: n,
      currentPage: filter.currentPage,
      perPage: filter.perPage,
      lastPage: Math.max(1, Math.ceil(n / filter.perPage)),
    } as Page<SearchHistoryRow>;
  }
}

/** `GET /api/reports/search-history/:id`: a search and the laboratories it showed, in order. */
export class SearchResultsQuery extends Query<SearchResultsView> {
  constructor(readonly searchId: bigint) {
    super();
  }
}

@QueryHandler(SearchResultsQuery)
export class SearchResultsHandler implements IQueryHandler<SearchResultsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ searchId }: SearchResultsQuery): Promise<SearchResultsView> {
    const [search] = await readHistory(this.prisma, historySelect(Prisma.sql`s.id = ${searchId}`, Prisma.empty));
    if (!search) throw new NotFoundError('REPORTS.SEARCH_NOT_FOUND', 'No existe esa búsqueda (o ya no se conserva).');
    const results = await this.prisma.$queryRaw<{ position: number; laboratory_id: number; name: string; comuna: string | null; total: number | null; copay: number | null; offers_all: boolean | null }[]>`
      SELECT shown.position, shown."laboratoryId" AS laboratory_id, l.identifier_name AS name, c.name AS comuna, shown.total, shown.copay, shown."offersAll" AS offers_all
      FROM search_history h
      CROSS JOIN LATERAL jsonb_to_recordset(h.shown) AS shown("laboratoryId" int, position int, total int, copay int, "offersAll" boolean)
      JOIN laboratory l ON l.id = shown."laboratoryId" LEFT JOIN location c ON c.id = l.comuna_id
      WHERE h.id = ${searchId} ORDER BY shown.position`;
    return {
      search,
      results: results.map((r) => ({ position: r.position, laboratoryId: r.laboratory_id, name: r.name, comuna: r.comuna, total: r.total, copay: r.copay, offersAll: r.offers_all })),
    };
  }
}
