import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';

/**
 * The private price of an order at one laboratory, when it offers every exam of it (null
 * otherwise): what a shared link to a laboratory says the order costs there.
 */
export class GetOrderTotalQuery extends Query<{ count: number; total: number } | null> {
  constructor(
    readonly laboratoryId: number,
    readonly examIds: number[],
  ) {
    super();
  }
}

@QueryHandler(GetOrderTotalQuery)
export class GetOrderTotalHandler implements IQueryHandler<GetOrderTotalQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ laboratoryId, examIds }: GetOrderTotalQuery) {
    if (examIds.length === 0) return null;
    const offers = await this.prisma.laboratoryExam.findMany({
      where: { laboratoryId, examId: { in: examIds }, status: 'AUTHORIZED', isActive: true, exam: { isActive: true } },
      select: { price: true },
    });
    if (offers.length !== examIds.length) return null;
    return { count: examIds.length, total: offers.reduce((sum, o) => sum + o.price, 0) };
  }
}
