import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import type { Actor } from '../../../../../platform/auth/actor';
import { companyScope } from '../../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { AuthorizationStatus } from '../../domain/laboratory-exam';
import { LABORATORY_EXAM_SELECT, type LaboratoryExamView } from '../laboratory-exam-view';

export interface LaboratoryExamFilter extends Paging {
  laboratoryId?: number;
  examId?: number;
  status?: AuthorizationStatus;
}

/** Offers of the laboratories the caller may see (a provider: its company's; an administrator: all). */
export class SearchLaboratoryExamsQuery extends Query<Page<LaboratoryExamView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: LaboratoryExamFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoryExamsQuery)
export class SearchLaboratoryExamsHandler implements IQueryHandler<SearchLaboratoryExamsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, filter }: SearchLaboratoryExamsQuery) {
    const where = {
      laboratory: companyScope(actor),
      ...(filter.laboratoryId && { laboratoryId: filter.laboratoryId }),
      ...(filter.examId && { examId: filter.examId }),
      ...(filter.status && { status: filter.status }),
    };
    return findPage(
      filter,
      (window) => this.prisma.laboratoryExam.findMany({ where, select: LABORATORY_EXAM_SELECT, orderBy: [{ laboratoryId: 'asc' }, { examId: 'asc' }], ...window }),
      () => this.prisma.laboratoryExam.count({ where }),
    );
  }
}
