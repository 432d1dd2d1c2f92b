import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { CompanyNotFoundError } from '../../companies.errors';
import { CompanyViews } from '../../company-view';
import { decideCompany } from '../../domain/company-approval';
import { COMPANY_REPOSITORY, type CompanyRepository } from '../../infrastructure/company.repository';
import { RejectCompanyCommand } from './reject-company.command';

@CommandHandler(RejectCompanyCommand)
export class RejectCompanyHandler implements ICommandHandler<RejectCompanyCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(COMPANY_REPOSITORY) private readonly companies: CompanyRepository,
    private readonly views: CompanyViews,
  ) {}

  async execute({ ctx, companyId, reason }: RejectCompanyCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const company = await this.companies.findForDecision(tx, companyId);
      if (!company) throw new CompanyNotFoundError();
      const { state, event } = decideCompany(company, 'REJECTED', new Date(), reason);
      await this.companies.saveDecision(tx, state);
      changes.record(event);
      changes.audit('company.rejected', 'Company', companyId, { reason });
    });
    return this.views.get(companyId);
  }
}
