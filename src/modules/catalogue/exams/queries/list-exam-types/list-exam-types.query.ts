import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ExamType } from '../../../../../contracts/exams';
import { PrismaService } from '../../../../../platform/database/prisma.service';

/** `GET /api/exam-type`: the FONASA subgroups exams are filed under, for filters and forms. */
export class ListExamTypesQuery extends Query<ExamType[]> {}

@QueryHandler(ListExamTypesQuery)
export class ListExamTypesHandler implements IQueryHandler<ListExamTypesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute() {
    return this.prisma.examType.findMany({ select: { id: true, code: true, name: true }, orderBy: { name: 'asc' } });
  }
}
