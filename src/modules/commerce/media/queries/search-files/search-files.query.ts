import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { FileSearchRequest, FileView } from '../../../../../contracts/commerce-catalogue';
import type { Page } from '../../../../../contracts/envelope';
import type { Actor } from '../../../../../platform/auth/actor';
import { findPage } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { FILE_VIEW_SELECT, toFileView } from '../../file-view';

/** Uploaded files, newest first: an administrator's view of all, a provider's of its company's. */
export class SearchFilesQuery extends Query<ServerSide<Page<FileView>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: FileSearchRequest & { currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(SearchFilesQuery)
export class SearchFilesHandler implements IQueryHandler<SearchFilesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchFilesQuery) {
    const where = {
      ...(actor.profile === 'ADM' ? {} : { companyId: actor.companyId ?? -1 }),
      ...(filter.term ? { originalName: { contains: filter.term, mode: 'insensitive' as const } } : {}),
    };
    const sort = filter.orderSort ?? 'desc';
    const orderBy = filter.orderBy === 'originalName' ? [{ originalName: sort }, { id: sort }] : filter.orderBy === 'size' ? [{ size: sort }, { id: sort }] : [{ createdAt: sort }, { id: sort }];
    const result = await findPage(
      filter,
      (w) => this.prisma.file.findMany({ where, select: FILE_VIEW_SELECT, orderBy, ...w }),
      () => this.prisma.file.count({ where }),
    );
    return { ...result, items: result.items.map(toFileView) };
  }
}
