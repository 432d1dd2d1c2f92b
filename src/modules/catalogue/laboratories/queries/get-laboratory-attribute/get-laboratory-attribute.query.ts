import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../../platform/auth/actor';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { LaboratoryAttributeNotFoundError } from '../../laboratories.errors';
import { assertLaboratoryAccess } from '../../laboratory-access';
import { LABORATORY_ATTRIBUTE_SELECT, type LaboratoryAttributeView } from '../laboratory-attribute-view';

export class GetLaboratoryAttributeQuery extends Query<LaboratoryAttributeView> {
  constructor(
    readonly actor: Actor,
    readonly laboratoryAttributeId: number,
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryAttributeQuery)
export class GetLaboratoryAttributeHandler implements IQueryHandler<GetLaboratoryAttributeQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, laboratoryAttributeId }: GetLaboratoryAttributeQuery) {
    const row = await this.prisma.laboratoryAttribute.findUnique({ where: { id: laboratoryAttributeId }, select: LABORATORY_ATTRIBUTE_SELECT });
    if (!row) throw new LaboratoryAttributeNotFoundError();
    await assertLaboratoryAccess(this.prisma, actor, row.laboratoryId, () => new LaboratoryAttributeNotFoundError());
    return row;
  }
}
