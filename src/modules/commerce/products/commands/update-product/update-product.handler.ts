import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { PRODUCT_VIEW_SELECT, toProductView } from '../../product-view';
import { ProductCodeTakenError, ProductNotFoundError } from '../../products.errors';
import { checkProductInput } from '../product-references';
import { UpdateProductCommand } from './update-product.command';

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, productId, changes: input }: UpdateProductCommand) {
    const { examIds, ...fields } = input;
    return this.uow
      .run(ctx, async (tx, changes) => {
        const current = await tx.product.findUnique({
          where: { id: productId },
          select: { companyId: true, price: true, netPrice: true, offerPrice: true, offerStartsAt: true, offerEndsAt: true },
        });
        assertCompanyAccess(ctx.actor, current?.companyId, () => new ProductNotFoundError());
        if (!current) throw new ProductNotFoundError();
        const price = input.price ?? current.price;
        const terms = {
          price,
          // A new price without a net price moves the net price along when they were equal (IVA-exempt).
          netPrice: input.netPrice ?? (input.price !== undefined && current.netPrice === current.price ? price : current.netPrice),
          offerPrice: input.offerPrice !== undefined ? input.offerPrice : current.offerPrice,
          offerStartsAt: input.offerStartsAt !== undefined ? input.offerStartsAt : current.offerStartsAt,
          offerEndsAt: input.offerEndsAt !== undefined ? input.offerEndsAt : current.offerEndsAt,
        };
        const { companyId } = await checkProductInput(tx, ctx.actor, input, terms);
        if (examIds) await tx.productExam.deleteMany({ where: { productId } });
        const row = await tx.product.update({
          where: { id: productId },
          data: {
            ...fields,
            ...terms,
            ...(companyId !== null ? { companyId } : {}),
            ...(examIds ? { exams: { create: [...new Set(examIds)].map((examId) => ({ examId })) } } : {}),
          },
          select: PRODUCT_VIEW_SELECT,
        });
        changes.audit('product.updated', 'Product', productId, { fields: Object.keys(input).join(',') });
        return toProductView(row);
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new ProductCodeTakenError() : error;
      });
  }
}
