import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { CompanyNotFoundError } from '../../companies.errors';
import { CompanyViews } from '../../company-view';
import { decideCompany } from '../../domain/company-approval';
import { COMPANY_REPOSITORY, type CompanyRepository } from '../../infrastructure/company.repository';
import { ApproveCompanyCommand } from './approve-company.command';

@CommandHandler(ApproveCompanyCommand)
export class ApproveCompanyHandler implements ICommandHandler<ApproveCompanyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(COMPANY_REPOSITORY) private readonly companies: CompanyRepository,
    private readonly views: CompanyViews,
  ) {}

  async execute({ ctx, companyId }: ApproveCompanyCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const company = await this.companies.findForDecision(tx, companyId);
      if (!company) throw new CompanyNotFoundError();
      const { state, event } = decideCompany(company, 'APPROVED', new Date());
      await this.companies.saveDecision(tx, state);
      changes.record(event);
      changes.audit('company.approved', 'Company', companyId);
    });
    return this.views.get(companyId);
  }
}
