import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { RejectLaboratoryExamCommand } from './reject-laboratory-exam.command';

@CommandHandler(RejectLaboratoryExamCommand)
export class RejectLaboratoryExamHandler implements ICommandHandler<RejectLaboratoryExamCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId, reason }: RejectLaboratoryExamCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.rejected', (offer) => offer.reject(ctx.actor, reason), { reason });
    return this.views.get(laboratoryExamId);
  }
}
