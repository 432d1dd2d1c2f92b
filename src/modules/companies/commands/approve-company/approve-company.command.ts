import { Command } from '@nestjs/cqrs';
import type { Company } from '../../../../contracts/companies';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** An administrator approves a company that signed up (or one rejected before): its laboratories may be quoted, and its provider users are told by mail. */
export class ApproveCompanyCommand extends Command<ServerSide<Company>> {
  constructor(
    readonly ctx: CommandContext,
    readonly companyId: number,
  ) {
    super();
  }
}
