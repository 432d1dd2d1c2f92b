import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { RestoreLaboratoryExamCommand } from './restore-laboratory-exam.command';

@CommandHandler(RestoreLaboratoryExamCommand)
export class RestoreLaboratoryExamHandler implements ICommandHandler<RestoreLaboratoryExamCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId }: RestoreLaboratoryExamCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.restored', (offer) => offer.reinstate(ctx.actor));
    return this.views.get(laboratoryExamId);
  }
}
