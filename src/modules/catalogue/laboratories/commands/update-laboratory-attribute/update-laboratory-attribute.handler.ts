import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { LaboratoryAttributeNotFoundError } from '../../laboratories.errors';
import { LaboratoryAttributeRemoved, LaboratoryAttributeSet } from '../../laboratories.events';
import { assertLaboratoryAccess } from '../../laboratory-access';
import { LABORATORY_ATTRIBUTE_SELECT } from '../../queries/laboratory-attribute-view';
import { sentFields } from '../laboratory-fields';
import { assertAttributeValue, duplicateAttribute } from '../laboratory-attribute-rules';
import { assertNotHomeCollectionAttribute } from '../../home-collection/home-collection';
import { UpdateLaboratoryAttributeCommand } from './update-laboratory-attribute.command';

@CommandHandler(UpdateLaboratoryAttributeCommand)
export class UpdateLaboratoryAttributeHandler implements ICommandHandler<UpdateLaboratoryAttributeCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, laboratoryAttributeId: id, changes: input }: UpdateLaboratoryAttributeCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const current = await tx.laboratoryAttribute.findUnique({ where: { id } });
        if (!current) throw new LaboratoryAttributeNotFoundError();
        const data = {
          laboratoryId: input.laboratoryId ?? current.laboratoryId,
          selectListTypeId: input.selectListTypeId ?? current.selectListTypeId,
          selectListChildId: input.selectListChildId === undefined ? current.selectListChildId : input.selectListChildId,
          value: input.value === undefined ? current.value : input.value,
        };
        await assertLaboratoryAccess(tx, ctx.actor, current.laboratoryId, () => new LaboratoryAttributeNotFoundError());
        // Moving an attribute to another laboratory needs access to both.
        const moved = data.laboratoryId !== current.laboratoryId;
        if (moved) await assertLaboratoryAccess(tx, ctx.actor, data.laboratoryId);
        await assertNotHomeCollectionAttribute(tx, current.selectListChildId);
        await assertNotHomeCollectionAttribute(tx, data.selectListChildId);
        await assertAttributeValue(tx, data);
        const saved = await tx.laboratoryAttribute.update({ where: { id }, data, select: LABORATORY_ATTRIBUTE_SELECT });
        changes.record(LaboratoryAttributeSet({ laboratoryAttributeId: id, laboratoryId: data.laboratoryId }));
        if (moved) changes.record(LaboratoryAttributeRemoved({ laboratoryAttributeId: id, laboratoryId: current.laboratoryId }));
        changes.audit('laboratory_attribute.updated', 'LaboratoryAttribute', id, { fields: sentFields(input).join(',') });
        return saved;
      })
      .catch((error: unknown) => {
        throw duplicateAttribute(error);
      });
  }
}
