import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ExamListItem, ExamSearchRequest } from '../../../../../contracts/exams';
import { Prisma } from '../../../../../generated/prisma/client';
import type { Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { page, type Page } from '../../../../../platform/http/envelope';

export type ExamFilter = Omit<ExamSearchRequest, 'currentPage' | 'perPage'> & Paging;

/** Column orders of the list without a term; the code breaks ties so pages never overlap. */
const ORDER_BY = {
  code: (d: Prisma.Sql) => Prisma.sql`e.code ${d}`,
  name: (d: Prisma.Sql) => Prisma.sql`e.name ${d}, e.code ${d}`,
  type: (d: Prisma.Sql) => Prisma.sql`ty.name ${d}, e.code ${d}`,
} as const;

/**
 * `POST /api/exam/search`: the catalogue, and the look-up of the search box. A `term` finds an
 * exam by name, lay name, abbreviation or FONASA code, without accents and despite typos
 * ("hemogrma", "glicemia", "TSH", "0302034", "03-02-034"), best match first.
 */
export class SearchExamsQuery extends Query<Page<ExamListItem>> {
  constructor(readonly filter: ExamFilter) {
    super();
  }
}

@QueryHandler(SearchExamsQuery)
export class SearchExamsHandler implements IQueryHandler<SearchExamsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchExamsQuery): Promise<Page<ExamListItem>> {
    const term = filter.term?.trim().slice(0, 100);
    const type = filter.typeExamId === undefined ? Prisma.sql`TRUE` : Prisma.sql`e.type_exam_id = ${filter.typeExamId}`;
    const status = { active: Prisma.sql`e.is_active`, retired: Prisma.sql`NOT e.is_active`, all: Prisma.sql`TRUE` }[filter.status ?? 'active'];
    const direction = filter.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    const offset = (filter.currentPage - 1) * filter.perPage;
    const rows = term
      ? await this.prisma.$queryRaw<ExamRow[]>`
          WITH q AS (SELECT cl_fold(${term}) AS q, regexp_replace(${term}, '[^0-9]', '', 'g') AS digits),
          terms AS (
            SELECT e.id AS exam_id, cl_fold(e.name) AS term, NULL::text AS shown FROM exam e
            UNION ALL SELECT s.exam_id, cl_fold(s.synonym), s.synonym FROM exam_synonym s
          ),
          scored AS (
            SELECT t.exam_id, t.shown,
                   CASE WHEN t.term = q.q THEN 1.0
                        WHEN t.term LIKE q.q || '%' THEN 0.9
                        WHEN length(q.q) >= 3 AND t.term LIKE '%' || q.q || '%' THEN 0.8
                        ELSE word_similarity(q.q, t.term) * 0.75 END AS score
            FROM terms t, q
            WHERE t.term LIKE '%' || q.q || '%' OR q.q <% t.term
            UNION ALL
            SELECT e.id, e.code_dotted, 1.0 FROM exam e, q WHERE length(q.digits) >= 4 AND e.code LIKE q.digits || '%'
          ),
          best AS (
            SELECT DISTINCT ON (exam_id) exam_id, shown, score FROM scored ORDER BY exam_id, score DESC, shown NULLS FIRST
          )
          SELECT ${EXAM_COLUMNS}, b.shown AS matched, count(*) OVER ()::int AS full_count
          FROM best b JOIN exam e ON e.id = b.exam_id JOIN exam_type ty ON ty.id = e.type_exam_id
          WHERE ${status} AND ${type}
          ORDER BY b.score DESC, length(e.name), e.code
          LIMIT ${filter.perPage} OFFSET ${offset}`
      : await this.prisma.$queryRaw<ExamRow[]>`
          SELECT ${EXAM_COLUMNS}, NULL AS matched, count(*) OVER ()::int AS full_count
          FROM exam e JOIN exam_type ty ON ty.id = e.type_exam_id
          WHERE ${status} AND ${type}
          ORDER BY ${ORDER_BY[filter.orderBy ?? 'code'](direction)} LIMIT ${filter.perPage} OFFSET ${offset}`;
    return page(rows.map(toView), rows[0]?.full_count ?? 0, filter.currentPage, filter.perPage);
  }
}

const EXAM_COLUMNS = Prisma.sql`e.id, e.code, e.code_dotted, e.name, e.is_active, ty.id AS type_id, ty.name AS type_name, e.fonasa_year,
  e.fonasa_price_level1, e.fonasa_price_level2, e.fonasa_price_level3, e.fonasa_copay_level1, e.fonasa_copay_level2, e.fonasa_copay_level3`;

interface ExamRow {
  id: number;
  code: string;
  code_dotted: string;
  name: string;
  is_active: boolean;
  type_id: number;
  type_name: string;
  fonasa_year: number | null;
  fonasa_price_level1: number | null;
  fonasa_price_level2: number | null;
  fonasa_price_level3: number | null;
  fonasa_copay_level1: number | null;
  fonasa_copay_level2: number | null;
  fonasa_copay_level3: number | null;
  matched: string | null;
  full_count: number;
}

function toView(row: ExamRow): ExamListItem {
  return {
    id: row.id,
    code: row.code,
    codeDotted: row.code_dotted,
    name: row.name,
    isActive: row.is_active,
    typeExam: { id: row.type_id, name: row.type_name },
    matched: row.matched,
    fonasa: {
      year: row.fonasa_year,
      prices: [row.fonasa_price_level1, row.fonasa_price_level2, row.fonasa_price_level3],
      copays: [row.fonasa_copay_level1, row.fonasa_copay_level2, row.fonasa_copay_level3],
    },
  };
}
