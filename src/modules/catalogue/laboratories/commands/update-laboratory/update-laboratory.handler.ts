import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { rethrowBranchCodeTaken } from '../../branch-codes';
import { assertCompanyAccess, assertLaboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { invalidField } from '../../../../../platform/http/app-error';
import { LaboratoryNotFoundError } from '../../laboratories.errors';
import { LaboratoryUpdated } from '../../laboratories.events';
import { LABORATORY_SELECT, toLaboratoryView } from '../../queries/laboratory-view';
import { settleFonasaFacts, assertFonasaCoherent, assertLaboratoryReferences, laboratoryColumns, replaceInsurers, sentFields } from '../laboratory-fields';
import { readHomeCollection, replaceHomeCollection } from '../../home-collection/home-collection';
import { replaceVisitFees } from '../../visit-fees/visit-fees';
import { UpdateLaboratoryCommand } from './update-laboratory.command';

@CommandHandler(UpdateLaboratoryCommand)
export class UpdateLaboratoryHandler implements ICommandHandler<UpdateLaboratoryCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, laboratoryId, changes: input }: UpdateLaboratoryCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const current = await tx.laboratory.findUnique({ where: { id: laboratoryId }, select: { id: true, companyId: true, fonasaLevel: true } });
      if (!current) throw new LaboratoryNotFoundError();
      assertLaboratoryScope(ctx.actor, current, () => new LaboratoryNotFoundError());
      // Moving a branch to another company needs access to both.
      if (input.companyId !== undefined) assertCompanyAccess(ctx.actor, input.companyId, () => invalidField('companyId', 'La empresa indicada no existe.'));
      await assertLaboratoryReferences(tx, input);
      // Only the insurers sent are checked against the level: an edit of the level alone re-derives FONASA.
      await assertFonasaCoherent(tx, input.insurerIds, input.fonasaLevel === undefined ? current.fonasaLevel : input.fonasaLevel);
      await tx.laboratory.update({ where: { id: laboratoryId }, data: laboratoryColumns(input) });
      if (input.insurerIds) await replaceInsurers(tx, laboratoryId, input.insurerIds);
      if (input.homeCollection !== undefined) await replaceHomeCollection(tx, laboratoryId, input.homeCollection);
      if (input.fees) await replaceVisitFees(tx, laboratoryId, input.fees);
      await settleFonasaFacts(tx);
      const fields = sentFields(input);
      if (fields.length > 0) {
        changes.record(LaboratoryUpdated({ laboratoryId, companyId: input.companyId ?? current.companyId, fields }));
        changes.audit('laboratory.updated', 'Laboratory', laboratoryId, { fields: fields.join(',') });
      }
      return toLaboratoryView(await tx.laboratory.findUniqueOrThrow({ where: { id: laboratoryId }, select: LABORATORY_SELECT }), await readHomeCollection(tx, laboratoryId, (await tx.laboratory.findUniqueOrThrow({ where: { id: laboratoryId }, select: { comunaId: true } })).comunaId));
    }).catch(rethrowBranchCodeTaken(input.branchCode));
  }
}
