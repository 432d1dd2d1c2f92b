import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ShippingMethod } from '../../../../../contracts/sales-orders';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { invalidField } from '../../../../../platform/http/app-error';
import { readHomeCollection } from '../../../../catalogue/laboratories';
import { shippingMethods } from '../../domain/shipping';

/** How a laboratory's samples can be taken for a patient of a comuna, with the fee of each way. */
export class ListShippingMethodsQuery extends Query<ShippingMethod[]> {
  constructor(
    readonly laboratoryId: number,
    readonly comunaId: number | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListShippingMethodsQuery)
export class ListShippingMethodsHandler implements IQueryHandler<ListShippingMethodsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ laboratoryId, comunaId }: ListShippingMethodsQuery): Promise<ShippingMethod[]> {
    const laboratory = await this.prisma.laboratory.findFirst({ where: { id: laboratoryId, isActive: true }, select: { comunaId: true } });
    if (!laboratory) throw invalidField('laboratoryId', 'El laboratorio indicado no existe.');
    const home = await readHomeCollection(this.prisma, laboratoryId, laboratory.comunaId);
    return shippingMethods({ served: home?.comunas ?? [], comunaId });
  }
}
