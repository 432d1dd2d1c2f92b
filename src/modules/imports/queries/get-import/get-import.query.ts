import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ImportJob } from '../../../../contracts/imports';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { findVisibleImport } from '../import-view';

/** One import with its progress (the screen polls it while the job runs). */
export class GetImportQuery extends Query<ImportJob> {
  constructor(
    readonly actor: Actor,
    readonly importId: number,
  ) {
    super();
  }
}

@QueryHandler(GetImportQuery)
export class GetImportHandler implements IQueryHandler<GetImportQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ actor, importId }: GetImportQuery) {
    return findVisibleImport(this.prisma, actor, importId);
  }
}
