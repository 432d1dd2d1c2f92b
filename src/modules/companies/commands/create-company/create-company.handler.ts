import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { CompanyRutTakenError } from '../../companies.errors';
import { CompanyViews } from '../../company-view';
import { assertComuna } from '../company-references';
import { CreateCompanyCommand } from './create-company.command';

@CommandHandler(CreateCompanyCommand)
export class CreateCompanyHandler implements ICommandHandler<CreateCompanyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly views: CompanyViews,
  ) {}

  async execute({ ctx, input }: CreateCompanyCommand) {
    const companyId = await this.uow
      .run(ctx, async (tx, changes) => {
        if (input.comunaId) await assertComuna(tx, input.comunaId);
        const { id } = await tx.company.create({ data: { ...input, status: 'APPROVED', approvedAt: new Date() }, select: { id: true } });
        changes.audit('company.created', 'Company', id, { fields: Object.keys(input).join(',') });
        return id;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('rut') ? new CompanyRutTakenError() : error;
      });
    return this.views.get(companyId);
  }
}
