import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { PUBLIC_LABORATORY } from '../../../catalogue/laboratories';

/** Every laboratory page the public may open, with when it last changed (the sitemap). */
export class ListSitemapLaboratoriesQuery extends Query<{ id: number; updatedAt: Date }[]> {}

@QueryHandler(ListSitemapLaboratoriesQuery)
export class ListSitemapLaboratoriesHandler implements IQueryHandler<ListSitemapLaboratoriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute() {
    return this.prisma.laboratory.findMany({ where: PUBLIC_LABORATORY, select: { id: true, updatedAt: true }, orderBy: { id: 'asc' } });
  }
}
