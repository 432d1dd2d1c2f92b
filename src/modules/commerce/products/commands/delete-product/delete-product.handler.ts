import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ProductNotFoundError } from '../../products.errors';
import { DeleteProductCommand } from './delete-product.command';

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, productId }: DeleteProductCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const current = await tx.product.findUnique({ where: { id: productId }, select: { companyId: true } });
      assertCompanyAccess(ctx.actor, current?.companyId, () => new ProductNotFoundError());
      if (!current) throw new ProductNotFoundError();
      await tx.product.delete({ where: { id: productId } });
      changes.audit('product.deleted', 'Product', productId);
      return { id: productId };
    });
  }
}
