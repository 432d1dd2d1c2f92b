import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { OrderTermNotFoundError } from '../../order-terms.errors';
import { DeleteOrderTermCommand } from './delete-order-term.command';

/** No event: the exam look-up sees the table's count change. The audit row keeps what was deleted. */
@CommandHandler(DeleteOrderTermCommand)
export class DeleteOrderTermHandler implements ICommandHandler<DeleteOrderTermCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, termId }: DeleteOrderTermCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const deleted = await tx.orderTerm.findUnique({ where: { id: termId }, select: { term: true, kind: true, examIds: true } });
      // deleteMany: a term another administrator deleted meanwhile is a 404, not a failed transaction.
      if (!deleted || (await tx.orderTerm.deleteMany({ where: { id: termId } })).count === 0) throw new OrderTermNotFoundError();
      changes.audit('order_term.deleted', 'OrderTerm', termId, { term: deleted.term, kind: deleted.kind, ...(deleted.examIds.length > 0 && { examIds: deleted.examIds.join(',') }) });
    });
    return { id: termId };
  }
}
