import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ConflictError, invalidField } from '../../../../../platform/http/app-error';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { LaboratoryNotFoundError } from '../../../laboratories';
import { LaboratoryExam } from '../../domain/laboratory-exam';
import { LABORATORY_EXAM_REPOSITORY, type LaboratoryExamRepository } from '../../infrastructure/laboratory-exam.repository';
import { CopyPriceListCommand, type PriceListCopied } from './copy-price-list.command';

@CommandHandler(CopyPriceListCommand)
export class CopyPriceListHandler implements ICommandHandler<CopyPriceListCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LABORATORY_EXAM_REPOSITORY) private readonly repository: LaboratoryExamRepository,
  ) {}

  execute({ ctx, fromLaboratoryId, toLaboratoryId }: CopyPriceListCommand): Promise<PriceListCopied> {
    if (fromLaboratoryId === toLaboratoryId) throw invalidField('toLaboratoryId', 'Elige una sucursal distinta de la de origen.');
    return this.uow
      .run(
        ctx,
        async (tx, changes) => {
          const from = await this.repository.companyOfLaboratory(tx, fromLaboratoryId);
          const to = await this.repository.companyOfLaboratory(tx, toLaboratoryId);
          if (from === undefined || to === undefined) throw new LaboratoryNotFoundError();
          assertLaboratoryScope(ctx.actor, { id: fromLaboratoryId, companyId: from }, () => new LaboratoryNotFoundError());
          assertLaboratoryScope(ctx.actor, { id: toLaboratoryId, companyId: to }, () => new LaboratoryNotFoundError());
          // An administrator may copy for any company, but still only between branches of one.
          if (from !== to) throw invalidField('toLaboratoryId', 'Solo se copian precios entre sucursales de la misma empresa.');

          const counts = { offered: 0, repriced: 0, unchanged: 0 };
          for (const { examId, price } of await this.repository.activePricesOf(tx, fromLaboratoryId)) {
            let offer = await this.repository.findByPair(tx, toLaboratoryId, examId);
            if (offer) {
              offer.reinstate(ctx.actor);
              offer.setPrice(price, ctx.actor);
            } else offer = LaboratoryExam.offer(toLaboratoryId, examId, price, ctx.actor);
            const isNew = offer.state.id === undefined;
            const id = await this.repository.save(tx, offer);
            const events = offer.pullEvents(id);
            changes.record(...events);
            if (isNew) counts.offered += 1;
            else if (events.length > 0) counts.repriced += 1;
            else counts.unchanged += 1;
          }
          const result = { fromLaboratoryId, toLaboratoryId, ...counts };
          changes.audit('laboratory_exam.price_list_copied', 'Laboratory', toLaboratoryId, result);
          return result;
        },
        // A price list of a few hundred exams: one lock and one save each.
        { timeout: 60_000 },
      )
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw new ConflictError('LABORATORY_EXAM.CONCURRENT_CHANGE', 'Otra persona cambió los precios de la sucursal al mismo tiempo; vuelve a intentarlo.');
        throw error;
      });
  }
}
