import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { SetLaboratoryExamPriceCommand } from './set-laboratory-exam-price.command';

@CommandHandler(SetLaboratoryExamPriceCommand)
export class SetLaboratoryExamPriceHandler implements ICommandHandler<SetLaboratoryExamPriceCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId, price }: SetLaboratoryExamPriceCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.repriced', (offer) => offer.setPrice(price, ctx.actor));
    return this.views.get(laboratoryExamId);
  }
}
