import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../../platform/database/prisma.service';

export interface InsurerView {
  id: number;
  code: string;
  name: string;
  type: string;
  parentId: number | null;
}

/** Active insurers, FONASA first, then Isapres by name; FONASA's tramos carry its id as parent. */
export class ListInsurersQuery extends Query<InsurerView[]> {}

@QueryHandler(ListInsurersQuery)
export class ListInsurersHandler implements IQueryHandler<ListInsurersQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute(): Promise<InsurerView[]> {
    const insurers = await this.prisma.insurer.findMany({ where: { isActive: true }, select: { id: true, code: true, name: true, type: true, parentId: true } });
    const rank = (type: string) => ['public', 'isapre_open', 'isapre_closed', 'armed_forces', 'none'].indexOf(type);
    return insurers.sort((a, b) => rank(a.type) - rank(b.type) || (a.parentId ?? 0) - (b.parentId ?? 0) || a.name.localeCompare(b.name, 'es'));
  }
}
