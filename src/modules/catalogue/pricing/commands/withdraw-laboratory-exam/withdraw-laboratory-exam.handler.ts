import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { WithdrawLaboratoryExamCommand } from './withdraw-laboratory-exam.command';

@CommandHandler(WithdrawLaboratoryExamCommand)
export class WithdrawLaboratoryExamHandler implements ICommandHandler<WithdrawLaboratoryExamCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId }: WithdrawLaboratoryExamCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.withdrawn', (offer) => offer.withdraw(ctx.actor));
    return this.views.get(laboratoryExamId);
  }
}
