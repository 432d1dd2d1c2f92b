import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../../platform/auth/actor';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { LaboratoryNotFoundError } from '../../laboratories.errors';
import { readHomeCollection } from '../../home-collection/home-collection';
import { LABORATORY_SELECT, toLaboratoryView, type LaboratoryView } from '../laboratory-view';

/** One laboratory of the back office, with its insurers and how many exams it offers. */
export class GetOwnLaboratoryQuery extends Query<LaboratoryView> {
  constructor(
    readonly actor: Actor,
    readonly laboratoryId: number,
  ) {
    super();
  }
}

@QueryHandler(GetOwnLaboratoryQuery)
export class GetOwnLaboratoryHandler implements IQueryHandler<GetOwnLaboratoryQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, laboratoryId }: GetOwnLaboratoryQuery) {
    const lab = await this.prisma.laboratory.findUnique({ where: { id: laboratoryId }, select: LABORATORY_SELECT });
    if (!lab) throw new LaboratoryNotFoundError();
    assertLaboratoryScope(actor, { id: lab.id, companyId: lab.company.id }, () => new LaboratoryNotFoundError());
    return toLaboratoryView(lab, await readHomeCollection(this.prisma, lab.id, lab.comuna.id));
  }
}
