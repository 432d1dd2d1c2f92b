import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { LaboratoryClosed } from '../../laboratories.events';
import { assertLaboratoryAccess } from '../../laboratory-access';
import { CloseLaboratoryCommand } from './close-laboratory.command';

@CommandHandler(CloseLaboratoryCommand)
export class CloseLaboratoryHandler implements ICommandHandler<CloseLaboratoryCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, laboratoryId }: CloseLaboratoryCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const companyId = await assertLaboratoryAccess(tx, ctx.actor, laboratoryId);
      await tx.laboratory.update({ where: { id: laboratoryId }, data: { isActive: false } });
      changes.record(LaboratoryClosed({ laboratoryId, companyId }));
      changes.audit('laboratory.closed', 'Laboratory', laboratoryId);
    });
    return { id: laboratoryId };
  }
}
