import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ExamDetail } from '../../../../../contracts/exams';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { EXAM_DETAIL_SELECT, toExamDetail } from '../../exam-view';
import { ExamNotFoundError } from '../../exams.errors';

export class GetExamQuery extends Query<ServerSide<ExamDetail>> {
  constructor(readonly examId: number) {
    super();
  }
}

@QueryHandler(GetExamQuery)
export class GetExamHandler implements IQueryHandler<GetExamQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ examId }: GetExamQuery) {
    const exam = await this.prisma.exam.findUnique({ where: { id: examId }, select: EXAM_DETAIL_SELECT });
    if (!exam) throw new ExamNotFoundError();
    return toExamDetail(exam);
  }
}
