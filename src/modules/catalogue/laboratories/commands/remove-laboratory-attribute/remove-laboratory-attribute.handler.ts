import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { LaboratoryAttributeNotFoundError } from '../../laboratories.errors';
import { LaboratoryAttributeRemoved } from '../../laboratories.events';
import { assertLaboratoryAccess } from '../../laboratory-access';
import { assertNotHomeCollectionAttribute } from '../../home-collection/home-collection';
import { RemoveLaboratoryAttributeCommand } from './remove-laboratory-attribute.command';

@CommandHandler(RemoveLaboratoryAttributeCommand)
export class RemoveLaboratoryAttributeHandler implements ICommandHandler<RemoveLaboratoryAttributeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, laboratoryAttributeId: id }: RemoveLaboratoryAttributeCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const current = await tx.laboratoryAttribute.findUnique({ where: { id }, select: { laboratoryId: true, selectListChildId: true } });
      if (!current) throw new LaboratoryAttributeNotFoundError();
      await assertLaboratoryAccess(tx, ctx.actor, current.laboratoryId, () => new LaboratoryAttributeNotFoundError());
      await assertNotHomeCollectionAttribute(tx, current.selectListChildId);
      await tx.laboratoryAttribute.delete({ where: { id } });
      changes.record(LaboratoryAttributeRemoved({ laboratoryAttributeId: id, laboratoryId: current.laboratoryId }));
      changes.audit('laboratory_attribute.removed', 'LaboratoryAttribute', id, { laboratoryId: current.laboratoryId });
    });
    return { id };
  }
}
