import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { ExamChoicesQuery, type ExamChoice } from '../../../catalogue/exams';

/**
 * What people choose in the search box, for the exam look-up's ranking (issue 18): each exam with
 * the browsing sessions that searched a quote for it over the last months (this one included),
 * from the monthly rollup, so it reads a few thousand rows however long the history. A session
 * counts once per exam and day, so one person searching again and again does not lift an exam.
 */
@QueryHandler(ExamChoicesQuery)
export class ExamChoicesHandler implements IQueryHandler<ExamChoicesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ months }: ExamChoicesQuery): Promise<ExamChoice[]> {
    return this.prisma.$queryRaw<ExamChoice[]>`
      SELECT exam_id AS "examId", sum(sessions)::int AS sessions FROM report_exam_monthly
      WHERE month >= (date_trunc('month', now() AT TIME ZONE 'America/Santiago') - make_interval(months => ${months - 1}::int))::date
      GROUP BY exam_id HAVING sum(sessions) > 0`;
  }
}
