import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { Page } from '../../../../../platform/http/envelope';
import { LABORATORY_ATTRIBUTE_SELECT, type LaboratoryAttributeView } from '../laboratory-attribute-view';

export interface LaboratoryAttributeFilter extends Paging {
  laboratoryId?: number;
  selectListTypeId?: number;
}

/** Attributes of the laboratories the caller may see (a provider: its company's; an administrator: all). */
export class SearchLaboratoryAttributesQuery extends Query<Page<LaboratoryAttributeView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: LaboratoryAttributeFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoryAttributesQuery)
export class SearchLaboratoryAttributesHandler implements IQueryHandler<SearchLaboratoryAttributesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, filter }: SearchLaboratoryAttributesQuery) {
    const where = {
      laboratory: laboratoryScope(actor),
      ...(filter.laboratoryId && { laboratoryId: filter.laboratoryId }),
      ...(filter.selectListTypeId && { selectListTypeId: filter.selectListTypeId }),
    };
    return findPage(
      filter,
      (window) => this.prisma.laboratoryAttribute.findMany({ where, select: LABORATORY_ATTRIBUTE_SELECT, orderBy: [{ laboratoryId: 'asc' }, { id: 'asc' }], ...window }),
      () => this.prisma.laboratoryAttribute.count({ where }),
    );
  }
}
