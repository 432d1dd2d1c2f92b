import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { PriceDecisionsMade } from '../../pricing.events';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { RejectLaboratoryExamCommand } from './reject-laboratory-exam.command';

@CommandHandler(RejectLaboratoryExamCommand)
export class RejectLaboratoryExamHandler implements ICommandHandler<RejectLaboratoryExamCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId, reason }: RejectLaboratoryExamCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.rejected', (offer) => offer.reject(ctx.actor, reason), { reason }, (id) => [
      PriceDecisionsMade({ decision: 'REJECTED', reason, laboratoryExamIds: [id], by: ctx.actor.personId }),
    ]);
    return this.views.get(laboratoryExamId);
  }
}
