import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { PersonVisibilityNotFoundError } from '../../identity.errors';
import { PERSON_VISIBILITY_SELECT, type PersonVisibilityView } from '../../person-visibility-view';

export class GetPersonVisibilityQuery extends Query<PersonVisibilityView> {
  constructor(readonly visibilityId: number) {
    super();
  }
}

@QueryHandler(GetPersonVisibilityQuery)
export class GetPersonVisibilityHandler implements IQueryHandler<GetPersonVisibilityQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ visibilityId }: GetPersonVisibilityQuery) {
    const row = await this.prisma.personVisibility.findUnique({ where: { id: visibilityId }, select: PERSON_VISIBILITY_SELECT });
    if (!row) throw new PersonVisibilityNotFoundError();
    return row;
  }
}
