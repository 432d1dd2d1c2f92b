import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { PRODUCT_VIEW_SELECT, toProductView } from '../../product-view';
import { ProductCodeTakenError } from '../../products.errors';
import { checkProductInput } from '../product-references';
import { CreateProductCommand } from './create-product.command';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateProductCommand) {
    const { examIds, ...fields } = input;
    const terms = {
      price: input.price,
      // Exam services are IVA-exempt: without a net price, it is the price.
      netPrice: input.netPrice ?? input.price,
      offerPrice: input.offerPrice ?? null,
      offerStartsAt: input.offerStartsAt ?? null,
      offerEndsAt: input.offerEndsAt ?? null,
    };
    return this.uow
      .run(ctx, async (tx, changes) => {
        const { companyId } = await checkProductInput(tx, ctx.actor, input, terms);
        const row = await tx.product.create({
          data: { ...fields, ...terms, companyId: companyId!, exams: { create: [...new Set(examIds)].map((examId) => ({ examId })) } },
          select: PRODUCT_VIEW_SELECT,
        });
        changes.audit('product.created', 'Product', row.id, { companyId: companyId! });
        return toProductView(row);
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new ProductCodeTakenError() : error;
      });
  }
}
