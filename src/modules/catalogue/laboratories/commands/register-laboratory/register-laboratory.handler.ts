import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { rethrowBranchCodeTaken } from '../../branch-codes';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { invalidField } from '../../../../../platform/http/app-error';
import { LaboratoryRegistered } from '../../laboratories.events';
import { LABORATORY_SELECT, toLaboratoryView } from '../../queries/laboratory-view';
import { settleFonasaFacts, assertFonasaCoherent, assertLaboratoryReferences, laboratoryColumns, replaceInsurers } from '../laboratory-fields';
import { readHomeCollection, replaceHomeCollection } from '../../home-collection/home-collection';
import { replaceVisitFees } from '../../visit-fees/visit-fees';
import { assignMissingBranchCodes } from '../../branch-codes';
import { RegisterLaboratoryCommand } from './register-laboratory.command';

@CommandHandler(RegisterLaboratoryCommand)
export class RegisterLaboratoryHandler implements ICommandHandler<RegisterLaboratoryCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: RegisterLaboratoryCommand) {
    const { actor } = ctx;
    return this.uow.run(ctx, async (tx, changes) => {
      // A provider's branches belong to its company; an administrator says which company.
      const companyId = actor.profile === 'ADM' ? input.companyId : (input.companyId ?? actor.companyId);
      if (companyId === undefined) throw invalidField('companyId', 'Indica la empresa del laboratorio.');
      assertCompanyAccess(actor, companyId, () => invalidField('companyId', 'La empresa indicada no existe.'));
      const owner = companyId as number;
      await assertLaboratoryReferences(tx, { ...input, companyId: owner });
      await assertFonasaCoherent(tx, input.insurerIds, input.fonasaLevel ?? null);
      const { id } = await tx.laboratory.create({ data: { ...laboratoryColumns(input), companyId: owner } });
      if (input.insurerIds) await replaceInsurers(tx, id, input.insurerIds);
      if (input.homeCollection) await replaceHomeCollection(tx, id, input.homeCollection);
      if (input.fees) await replaceVisitFees(tx, id, input.fees);
      await assignMissingBranchCodes(tx, [owner]);
      await settleFonasaFacts(tx);
      changes.record(LaboratoryRegistered({ laboratoryId: id, companyId: owner }));
      changes.audit('laboratory.registered', 'Laboratory', id, { companyId: owner });
      return toLaboratoryView(await tx.laboratory.findUniqueOrThrow({ where: { id }, select: LABORATORY_SELECT }), await readHomeCollection(tx, id));
    }).catch(rethrowBranchCodeTaken(input.branchCode));
  }
}
