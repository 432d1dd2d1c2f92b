import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertCompanyAccess } from '../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { CompanyNotFoundError, CompanyRutTakenError, ProviderCannotChangeRutError } from '../../companies.errors';
import { CompanyUpdated } from '../../companies.events';
import { CompanyViews } from '../../company-view';
import { assertComuna } from '../company-references';
import { UpdateCompanyCommand } from './update-company.command';

@CommandHandler(UpdateCompanyCommand)
export class UpdateCompanyHandler implements ICommandHandler<UpdateCompanyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly views: CompanyViews,
  ) {}

  async execute({ ctx, companyId, changes: input }: UpdateCompanyCommand) {
    assertCompanyAccess(ctx.actor, companyId, () => new CompanyNotFoundError());
    if (ctx.actor.profile !== 'ADM' && input.rut !== undefined) throw new ProviderCannotChangeRutError();
    await this.uow
      .run(ctx, async (tx, changes) => {
        if (input.comunaId) await assertComuna(tx, input.comunaId);
        if (!(await tx.company.findUnique({ where: { id: companyId }, select: { id: true } }))) throw new CompanyNotFoundError();
        await tx.company.update({ where: { id: companyId }, data: input });
        const fields = Object.keys(input);
        changes.record(CompanyUpdated({ companyId, fields }));
        changes.audit('company.updated', 'Company', companyId, { fields: fields.join(',') });
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('rut') ? new CompanyRutTakenError() : error;
      });
    return this.views.get(companyId);
  }
}
