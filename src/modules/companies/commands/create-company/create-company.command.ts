import { Command } from '@nestjs/cqrs';
import type { Company, CompanyInput } from '../../../../contracts/companies';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** An administrator adds a company; having been vetted by them, it is approved at once. */
export class CreateCompanyCommand extends Command<ServerSide<Company>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: CompanyInput,
  ) {
    super();
  }
}
