import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { ORDER_TERM_SELECT, toOrderTerm } from '../../order-term-view';
import { OrderTermTakenError } from '../../order-terms.errors';
import { assertMeaning, assertTermIsFree, foldedTerm } from '../order-term-checks';
import { CreateOrderTermCommand } from './create-order-term.command';

/**
 * No event: the exam look-up notices a changed vocabulary by itself (the table's count and last
 * change), and nothing else reads it.
 */
@CommandHandler(CreateOrderTermCommand)
export class CreateOrderTermHandler implements ICommandHandler<CreateOrderTermCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateOrderTermCommand) {
    const folded = foldedTerm(input.term);
    const meaning = { kind: input.kind, examIds: input.examIds ?? [], reason: input.reason?.trim() || null };
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertMeaning(tx, meaning);
        await assertTermIsFree(tx, folded);
        const created = await tx.orderTerm.create({ data: { term: input.term, folded, ...meaning, source: 'manual' }, select: ORDER_TERM_SELECT });
        changes.audit('order_term.created', 'OrderTerm', created.id, { term: created.term, kind: created.kind, ...(created.examIds.length > 0 && { examIds: created.examIds.join(',') }) });
        return toOrderTerm(tx, created);
      })
      .catch((error: unknown) => {
        // Two administrators adding the same term at once: the second is told as if it had been there.
        throw uniqueViolation(error)?.includes('folded') ? new OrderTermTakenError(input.term) : error;
      });
  }
}
