import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ImportJob, ImportKind, ImportStatus } from '../../../../contracts/imports';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page } from '../../../../platform/http/envelope';
import { IMPORT_SELECT, importScope, toImportJob } from '../import-view';

export interface ImportHistoryFilter extends Paging {
  kind?: ImportKind;
  companyId?: number;
  status?: ImportStatus;
}

/** The import history, newest first: an administrator's of every company (or one), a provider's own company's. */
export class SearchImportsQuery extends Query<Page<ImportJob>> {
  constructor(
    readonly actor: Actor,
    readonly filter: ImportHistoryFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchImportsQuery)
export class SearchImportsHandler implements IQueryHandler<SearchImportsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, filter }: SearchImportsQuery) {
    // Scope last: a provider's companyId filter cannot widen what it sees.
    const where: Prisma.ImportJobWhereInput = {
      ...(filter.companyId && { companyId: filter.companyId }),
      ...(filter.kind && { kind: filter.kind }),
      ...(filter.status && { status: filter.status }),
      ...importScope(actor),
    };
    return findPage(
      filter,
      async (window) => (await this.prisma.importJob.findMany({ where, select: IMPORT_SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window })).map(toImportJob),
      () => this.prisma.importJob.count({ where }),
    );
  }
}
