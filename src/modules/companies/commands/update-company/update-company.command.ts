import { Command } from '@nestjs/cqrs';
import type { Company, CompanyInput } from '../../../../contracts/companies';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/**
 * Edits a company: an administrator any, a provider its own. A provider cannot change the RUT:
 * it identifies the company it signed up as.
 */
export class UpdateCompanyCommand extends Command<ServerSide<Company>> {
  constructor(
    readonly ctx: CommandContext,
    readonly companyId: number,
    readonly changes: Partial<CompanyInput>,
  ) {
    super();
  }
}
