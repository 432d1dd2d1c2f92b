import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../../platform/auth/actor';
import { LaboratoryExamViews, type LaboratoryExamView } from '../laboratory-exam-view';

export class GetLaboratoryExamQuery extends Query<LaboratoryExamView> {
  constructor(
    readonly actor: Actor,
    readonly laboratoryExamId: number,
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryExamQuery)
export class GetLaboratoryExamHandler implements IQueryHandler<GetLaboratoryExamQuery> {
  constructor(private readonly views: LaboratoryExamViews) {}

  execute({ actor, laboratoryExamId }: GetLaboratoryExamQuery) {
    return this.views.get(laboratoryExamId, actor);
  }
}
