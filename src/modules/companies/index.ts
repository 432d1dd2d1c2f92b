export { CompaniesModule } from './companies.module';
export * from './companies.events';
export * from './companies.errors';
export { registerPendingCompany, type PendingCompanyInput } from './commands/register-pending-company';
