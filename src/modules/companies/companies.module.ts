import { Module } from '@nestjs/common';
import { ApproveCompanyHandler } from './commands/approve-company/approve-company.handler';
import { CreateCompanyHandler } from './commands/create-company/create-company.handler';
import { RejectCompanyHandler } from './commands/reject-company/reject-company.handler';
import { UpdateCompanyHandler } from './commands/update-company/update-company.handler';
import { CompanyViews } from './company-view';
import { CompaniesController } from './http/companies.controller';
import { COMPANY_REPOSITORY } from './infrastructure/company.repository';
import { PrismaCompanyRepository } from './infrastructure/prisma-company.repository';
import { GetCompanyHandler } from './queries/get-company/get-company.query';
import { SearchCompaniesHandler } from './queries/search-companies/search-companies.query';

/** Laboratory companies (providers): search, view, create, edit, approve or reject. */
@Module({
  controllers: [CompaniesController],
  providers: [
    CreateCompanyHandler, UpdateCompanyHandler, ApproveCompanyHandler, RejectCompanyHandler,
    SearchCompaniesHandler, GetCompanyHandler,
    CompanyViews,
    { provide: COMPANY_REPOSITORY, useClass: PrismaCompanyRepository },
  ],
})
export class CompaniesModule {}
