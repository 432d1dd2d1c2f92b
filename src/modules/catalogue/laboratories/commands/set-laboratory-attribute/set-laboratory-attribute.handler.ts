import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { LaboratoryAttributeSet } from '../../laboratories.events';
import { assertLaboratoryAccess } from '../../laboratory-access';
import { LABORATORY_ATTRIBUTE_SELECT } from '../../queries/laboratory-attribute-view';
import { assertAttributeValue, duplicateAttribute } from '../laboratory-attribute-rules';
import { assertNotHomeCollectionAttribute } from '../../home-collection/home-collection';
import { SetLaboratoryAttributeCommand } from './set-laboratory-attribute.command';

@CommandHandler(SetLaboratoryAttributeCommand)
export class SetLaboratoryAttributeHandler implements ICommandHandler<SetLaboratoryAttributeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: SetLaboratoryAttributeCommand) {
    const data = { laboratoryId: input.laboratoryId, selectListTypeId: input.selectListTypeId, selectListChildId: input.selectListChildId ?? null, value: input.value ?? null };
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertLaboratoryAccess(tx, ctx.actor, data.laboratoryId);
        await assertNotHomeCollectionAttribute(tx, data.selectListChildId);
        await assertAttributeValue(tx, data);
        const saved = await tx.laboratoryAttribute.create({ data, select: LABORATORY_ATTRIBUTE_SELECT });
        changes.record(LaboratoryAttributeSet({ laboratoryAttributeId: saved.id, laboratoryId: data.laboratoryId }));
        changes.audit('laboratory_attribute.set', 'LaboratoryAttribute', saved.id, { laboratoryId: data.laboratoryId });
        return saved;
      })
      .catch((error: unknown) => {
        throw duplicateAttribute(error);
      });
  }
}
