import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ConflictError, invalidField } from '../../../../../platform/http/app-error';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { LaboratoryExam } from '../../domain/laboratory-exam';
import { LABORATORY_EXAM_REPOSITORY, type LaboratoryExamRepository } from '../../infrastructure/laboratory-exam.repository';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { OfferLaboratoryExamCommand } from './offer-laboratory-exam.command';

@CommandHandler(OfferLaboratoryExamCommand)
export class OfferLaboratoryExamHandler implements ICommandHandler<OfferLaboratoryExamCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LABORATORY_EXAM_REPOSITORY) private readonly repository: LaboratoryExamRepository,
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryId, examId, price }: OfferLaboratoryExamCommand) {
    const id = await this.uow
      .run(ctx, async (tx, changes) => {
        await this.offers.assertLaboratoryAccess(tx, ctx.actor, laboratoryId);
        let offer = await this.repository.findByPair(tx, laboratoryId, examId);
        if (offer) {
          offer.reinstate(ctx.actor);
          offer.setPrice(price, ctx.actor);
        } else {
          if (!(await this.repository.isActiveExam(tx, examId))) throw invalidField('examId', 'El examen indicado no existe.');
          offer = LaboratoryExam.offer(laboratoryId, examId, price, ctx.actor);
        }
        const saved = await this.repository.save(tx, offer);
        const events = offer.pullEvents(saved);
        changes.record(...events);
        if (events.length > 0) changes.audit('laboratory_exam.offered', 'LaboratoryExam', saved, { price });
        return saved;
      })
      .catch((error: unknown) => {
        // Two first offers of the same exam at once: the second finds the row taken.
        if (uniqueViolation(error)) throw new ConflictError('LABORATORY_EXAM.CONCURRENT_CHANGE', 'Otra persona acaba de publicar este examen; vuelve a intentarlo.');
        throw error;
      });
    return this.views.get(id);
  }
}
