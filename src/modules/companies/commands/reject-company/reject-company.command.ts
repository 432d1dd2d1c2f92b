import { Command } from '@nestjs/cqrs';
import type { Company } from '../../../../contracts/companies';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** An administrator rejects a company that signed up (or withdraws its approval): its laboratories leave quotes, and its provider users are told by mail. */
export class RejectCompanyCommand extends Command<ServerSide<Company>> {
  constructor(
    readonly ctx: CommandContext,
    readonly companyId: number,
  ) {
    super();
  }
}
