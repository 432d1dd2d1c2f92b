import { Module } from '@nestjs/common';
import { DecideCompanyHandler, GetCompanyHandler, SaveCompanyHandler, SearchCompaniesHandler } from './companies';
import { CompaniesController } from './companies.controller';

/** Laboratory companies (providers): search, view, create, edit, approve or reject. */
@Module({
  controllers: [CompaniesController],
  providers: [SearchCompaniesHandler, GetCompanyHandler, SaveCompanyHandler, DecideCompanyHandler],
})
export class CompaniesModule {}
