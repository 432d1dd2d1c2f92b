import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { PUBLIC_LABORATORY } from '../../../catalogue/laboratories';

/**
 * Every laboratory page worth a crawler's visit, with when it last changed (the sitemap): public and
 * publishing at least one price (a branch just registered, still empty, is no offer yet).
 */
export class ListSitemapLaboratoriesQuery extends Query<{ id: number; updatedAt: Date }[]> {}

@QueryHandler(ListSitemapLaboratoriesQuery)
export class ListSitemapLaboratoriesHandler implements IQueryHandler<ListSitemapLaboratoriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute() {
    return this.prisma.laboratory.findMany({ where: { ...PUBLIC_LABORATORY, exams: { some: { status: 'AUTHORIZED', isActive: true } } }, select: { id: true, updatedAt: true }, orderBy: { id: 'asc' } });
  }
}
