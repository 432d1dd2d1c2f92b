import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { PriceDecisionsMade } from '../../pricing.events';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { AuthorizeLaboratoryExamCommand } from './authorize-laboratory-exam.command';

@CommandHandler(AuthorizeLaboratoryExamCommand)
export class AuthorizeLaboratoryExamHandler implements ICommandHandler<AuthorizeLaboratoryExamCommand> {
  constructor(
    private readonly offers: LaboratoryExamChanges,
    private readonly views: LaboratoryExamViews,
  ) {}

  async execute({ ctx, laboratoryExamId }: AuthorizeLaboratoryExamCommand) {
    await this.offers.change(ctx, laboratoryExamId, 'laboratory_exam.authorized', (offer) => offer.authorize(ctx.actor), undefined, (id) => [
      PriceDecisionsMade({ decision: 'AUTHORIZED', laboratoryExamIds: [id], by: ctx.actor.personId }),
    ]);
    return this.views.get(laboratoryExamId);
  }
}
