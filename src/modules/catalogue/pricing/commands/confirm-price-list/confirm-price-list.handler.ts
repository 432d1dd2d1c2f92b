import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { LaboratoryNotFoundError } from '../../../laboratories';
import { LABORATORY_EXAM_REPOSITORY, type LaboratoryExamRepository } from '../../infrastructure/laboratory-exam.repository';
import { PriceListConfirmed } from '../../pricing.events';

/**
 * "Confirmar mis precios" (issue 30): a laboratory says its whole list is still right, unchanged; each offered price
 * is confirmed today ("vigente desde") and leaves the 6-month mark. Rejected and withdrawn prices are not offered.
 */
export class ConfirmPriceListCommand extends Command<{ laboratoryId: number; confirmed: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryId: number,
  ) {
    super();
  }
}

@CommandHandler(ConfirmPriceListCommand)
export class ConfirmPriceListHandler implements ICommandHandler<ConfirmPriceListCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LABORATORY_EXAM_REPOSITORY) private readonly repository: LaboratoryExamRepository,
  ) {}

  execute({ ctx, laboratoryId }: ConfirmPriceListCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const companyId = await this.repository.companyOfLaboratory(tx, laboratoryId);
      if (companyId === undefined) throw new LaboratoryNotFoundError();
      assertLaboratoryScope(ctx.actor, { id: laboratoryId, companyId }, () => new LaboratoryNotFoundError());
      // In SQL: the client's updateMany would also move `updated_at`, the price's "último cambio", and none was made.
      const count = await tx.$executeRaw`UPDATE laboratory_exam SET confirmed_at = now() WHERE laboratory_id = ${laboratoryId} AND is_active AND status <> 'REJECTED'`;
      changes.record(PriceListConfirmed({ laboratoryId, by: ctx.actor.personId, prices: count }));
      changes.audit('laboratory_exam.price_list_confirmed', 'Laboratory', laboratoryId, { prices: count });
      return { laboratoryId, confirmed: count };
    });
  }
}
