import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ImportPreviewRow, ImportRowStatus } from '../../../../contracts/imports';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page } from '../../../../platform/http/envelope';
import { PREVIEW_ROW_SELECT, findVisibleImport, toPreviewRow } from '../import-view';

export interface ImportRowsFilter extends Paging {
  status?: ImportRowStatus;
  largePriceChange?: boolean;
  /** Only the price rows the review flagged (or, false, only those it did not). */
  flagged?: boolean;
}

/** The rows of an import's dry run (or, after the commit, what each did), in file order. */
export class SearchImportRowsQuery extends Query<Page<ImportPreviewRow>> {
  constructor(
    readonly actor: Actor,
    readonly importId: number,
    readonly filter: ImportRowsFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchImportRowsQuery)
export class SearchImportRowsHandler implements IQueryHandler<SearchImportRowsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, importId, filter }: SearchImportRowsQuery) {
    await findVisibleImport(this.prisma, actor, importId);
    const where: Prisma.ImportRowWhereInput = {
      importId,
      ...(filter.status && { status: filter.status }),
      ...(filter.largePriceChange !== undefined && { largePriceChange: filter.largePriceChange }),
      ...(filter.flagged !== undefined && (filter.flagged ? { NOT: { flags: { isEmpty: true } } } : { flags: { isEmpty: true } })),
    };
    return findPage(
      filter,
      async (window) => (await this.prisma.importRow.findMany({ where, select: PREVIEW_ROW_SELECT, orderBy: { row: 'asc' }, ...window })).map(toPreviewRow),
      () => this.prisma.importRow.count({ where }),
    );
  }
}
