import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import type { ExamListItem, ExamSearchRequest } from '../../../../../contracts/exams';
import { Prisma } from '../../../../../generated/prisma/client';
import type { Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { page, type Page } from '../../../../../platform/http/envelope';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { EXAM_LIST_COLUMNS, toExamListItem, type ExamListRow } from '../../exam-list-row';
import { ExamLookup, foldText } from '../../infrastructure/exam-lookup';

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
 * ("hemogrma", "glisemia", "TSH", "0302034", "03-02-034"), best match first (ExamLookup, in memory).
 */
export class SearchExamsQuery extends Query<Page<ExamListItem>> {
  constructor(readonly filter: ExamFilter) {
    super();
  }
}

@QueryHandler(SearchExamsQuery)
export class SearchExamsHandler implements IQueryHandler<SearchExamsQuery> {
  private readonly log: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly lookup: ExamLookup,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'exams' });
  }

  async execute({ filter }: SearchExamsQuery): Promise<Page<ExamListItem>> {
    const term = filter.term?.trim().slice(0, 100);
    const offset = (filter.currentPage - 1) * filter.perPage;
    if (term) {
      const status = filter.status ?? 'active';
      const found = (await this.lookup.search(term)).filter(
        ({ exam }) => (status === 'all' || exam.isActive === (status === 'active')) && (filter.typeExamId === undefined || exam.typeExam.id === filter.typeExamId),
      );
      if (found.length === 0 && status === 'active' && filter.typeExamId === undefined) this.recordMiss(term);
      const items = found.slice(offset, offset + filter.perPage).map(({ exam, matched }) => ({ ...exam, matched }));
      return page(items, found.length, filter.currentPage, filter.perPage);
    }
    const type = filter.typeExamId === undefined ? Prisma.sql`TRUE` : Prisma.sql`e.type_exam_id = ${filter.typeExamId}`;
    const status = { active: Prisma.sql`e.is_active`, retired: Prisma.sql`NOT e.is_active`, all: Prisma.sql`TRUE` }[filter.status ?? 'active'];
    const direction = filter.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    const rows = await this.prisma.$queryRaw<ExamRow[]>`
      SELECT ${EXAM_LIST_COLUMNS}, NULL AS matched, count(*) OVER ()::int AS full_count
      FROM exam e JOIN exam_type ty ON ty.id = e.type_exam_id
      WHERE ${status} AND ${type}
      ORDER BY ${ORDER_BY[filter.orderBy ?? 'code'](direction)} LIMIT ${filter.perPage} OFFSET ${offset}`;
    return page(rows.map(toView), rows[0]?.full_count ?? 0, filter.currentPage, filter.perPage);
  }

  /**
   * What people type that the catalogue does not know, for the reports (exam_lookup_miss, one row
   * per folded term). Not awaited: the look-up never waits for, nor fails because of, the record.
   * Terms under 3 letters (or a code under 4 digits) say nothing; a word being typed leaves its longer
   * prefixes too.
   */
  private recordMiss(term: string): void {
    const folded = foldText(term).replace(/\s+/g, ' ');
    if (folded.length < 3 || (/^[\d\s.\-]+$/.test(term) && term.replace(/\D/g, '').length < 4)) return;
    // When it was typed, not when the write runs: two look-ups a moment apart may be written in either order (neither
    // is awaited, each goes on a connection of the pool), and the form typed last must win. To the fraction of a
    // millisecond (Date.now() would tie two look-ups of one millisecond), in UTC without a zone, as Prisma writes its
    // DateTime columns.
    const typedAt = Prisma.sql`(to_timestamp(${performance.timeOrigin + performance.now()}::float8 / 1000) AT TIME ZONE 'UTC')`;
    void this.prisma.$executeRaw`
      INSERT INTO exam_lookup_miss (term, last_typed, first_seen_at, last_seen_at) VALUES (${folded}, ${term}, ${typedAt}, ${typedAt})
      ON CONFLICT (term) DO UPDATE SET count = exam_lookup_miss.count + 1,
        last_typed = CASE WHEN EXCLUDED.last_seen_at >= exam_lookup_miss.last_seen_at THEN EXCLUDED.last_typed ELSE exam_lookup_miss.last_typed END,
        first_seen_at = LEAST(exam_lookup_miss.first_seen_at, EXCLUDED.first_seen_at),
        last_seen_at = GREATEST(exam_lookup_miss.last_seen_at, EXCLUDED.last_seen_at)`
      .catch((err: unknown) => this.log.warn({ err }, 'exam look-up miss not recorded'));
  }
}

interface ExamRow extends ExamListRow {
  matched: string | null;
  full_count: number;
}

function toView(row: ExamRow): ExamListItem {
  return { ...toExamListItem(row), matched: row.matched };
}
