import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../../../../generated/prisma/client';
import type { Actor } from '../../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { Page } from '../../../../../platform/http/envelope';
import { readHomeCollections } from '../../home-collection/home-collection';
import { LABORATORY_SELECT, toLaboratoryView, type LaboratoryView } from '../laboratory-view';

export interface OwnLaboratoriesFilter extends Paging {
  name?: string;
  /** Administrators only: a provider always sees its own company's. */
  companyId?: number;
  comunaId?: number;
}

/** The back office's laboratories: all for an administrator, a provider's own. */
export class SearchOwnLaboratoriesQuery extends Query<Page<LaboratoryView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: OwnLaboratoriesFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchOwnLaboratoriesQuery)
export class SearchOwnLaboratoriesHandler implements IQueryHandler<SearchOwnLaboratoriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchOwnLaboratoriesQuery) {
    const where: Prisma.LaboratoryWhereInput = {
      ...(filter.companyId && { companyId: filter.companyId }),
      ...laboratoryScope(actor),
      ...(filter.comunaId && { comunaId: filter.comunaId }),
      ...(filter.name && { identifierName: { contains: filter.name, mode: 'insensitive' } }),
    };
    return findPage(
      filter,
      async (window) => {
        const labs = await this.prisma.laboratory.findMany({ where, select: LABORATORY_SELECT, orderBy: [{ identifierName: 'asc' }, { id: 'asc' }], ...window });
        const home = await readHomeCollections(this.prisma, labs.map((lab) => lab.id));
        return labs.map((lab) => toLaboratoryView(lab, home.get(lab.id) ?? null));
      },
      () => this.prisma.laboratory.count({ where }),
    );
  }
}
