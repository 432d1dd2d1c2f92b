import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page } from '../../../../platform/http/envelope';
import { PERSON_VISIBILITY_SELECT, type PersonVisibilityView } from '../../person-visibility-view';

/** The grants of living persons, optionally of one person, oldest first. */
export class ListPersonVisibilitiesQuery extends Query<Page<PersonVisibilityView>> {
  constructor(readonly filter: { personId?: number } & Paging) {
    super();
  }
}

@QueryHandler(ListPersonVisibilitiesQuery)
export class ListPersonVisibilitiesHandler implements IQueryHandler<ListPersonVisibilitiesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ filter }: ListPersonVisibilitiesQuery) {
    const where = { ...(filter.personId && { personId: filter.personId }), person: { deletedAt: null } };
    return findPage(
      filter,
      (window) => this.prisma.personVisibility.findMany({ where, select: PERSON_VISIBILITY_SELECT, orderBy: { id: 'asc' }, ...window }),
      () => this.prisma.personVisibility.count({ where }),
    );
  }
}
