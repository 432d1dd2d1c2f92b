import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { editedMeaning } from '../../domain/order-term-rules';
import { ORDER_TERM_SELECT, toOrderTerm } from '../../order-term-view';
import { OrderTermNotFoundError, OrderTermTakenError } from '../../order-terms.errors';
import { assertMeaning, assertTermIsFree, foldedTerm } from '../order-term-checks';
import { UpdateOrderTermCommand } from './update-order-term.command';

/** No event, as for a new term: the exam look-up notices the change by itself. */
@CommandHandler(UpdateOrderTermCommand)
export class UpdateOrderTermHandler implements ICommandHandler<UpdateOrderTermCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, termId, changes: input }: UpdateOrderTermCommand) {
    const folded = input.term === undefined ? undefined : foldedTerm(input.term);
    return this.uow
      .run(ctx, async (tx, changes) => {
        const current = await tx.orderTerm.findUnique({ where: { id: termId }, select: ORDER_TERM_SELECT });
        if (!current) throw new OrderTermNotFoundError();
        const meaning = editedMeaning(current, { kind: input.kind, examIds: input.examIds, reason: input.reason === undefined ? undefined : input.reason?.trim() || null });
        await assertMeaning(tx, meaning);
        // Only a term that reads differently now must be new: "PCR" written "P.C.R." is still itself.
        if (folded !== undefined && folded !== current.folded) await assertTermIsFree(tx, folded, termId);
        const updated = await tx.orderTerm.update({ where: { id: termId }, data: { ...(input.term !== undefined && { term: input.term, folded }), ...meaning }, select: ORDER_TERM_SELECT });
        changes.audit('order_term.updated', 'OrderTerm', termId, { fields: Object.keys(input).join(','), term: updated.term, kind: updated.kind, ...(updated.examIds.length > 0 && { examIds: updated.examIds.join(',') }) });
        return toOrderTerm(tx, updated);
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('folded') ? new OrderTermTakenError(input.term ?? '') : error;
      });
  }
}
