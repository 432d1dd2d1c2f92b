import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DashboardCounts } from '../../../../contracts/backoffice-reports';
import type { Actor } from '../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../platform/database/prisma.service';

/**
 * The counts on `/app`: what waits for an administrator (prices to authorize, companies to
 * approve) and the size of the catalogue; a provider sees its own company's.
 */
export class GetDashboardQuery extends Query<DashboardCounts> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor }: GetDashboardQuery): Promise<DashboardCounts> {
    const laboratory = { ...laboratoryScope(actor), isActive: true };
    const [pendingPrices, rejectedPrices, prices, laboratories, pendingCompanies] = await Promise.all([
      this.prisma.laboratoryExam.count({ where: { laboratory, isActive: true, status: 'PENDING' } }),
      this.prisma.laboratoryExam.count({ where: { laboratory, isActive: true, status: 'REJECTED' } }),
      this.prisma.laboratoryExam.count({ where: { laboratory, isActive: true, status: 'AUTHORIZED' } }),
      this.prisma.laboratory.count({ where: laboratory }),
      actor.profile === 'ADM' ? this.prisma.company.count({ where: { status: 'PENDING' } }) : Promise.resolve(null),
    ]);
    return { pendingPrices, pendingCompanies, laboratories, prices, rejectedPrices };
  }
}
