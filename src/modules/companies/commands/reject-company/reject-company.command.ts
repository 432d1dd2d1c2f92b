import { Command } from '@nestjs/cqrs';
import type { Company } from '../../../../contracts/companies';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../platform/http/envelope';

/** An administrator rejects a company that signed up (or withdraws its approval): its laboratories leave quotes, and its provider users are told by mail. */
export class RejectCompanyCommand extends Command<ServerSide<Company>> {
  constructor(
    readonly ctx: CommandContext,
    readonly companyId: number,
    /** Why (5 to 500 characters, checked by the route): kept on the company and mailed. */
    readonly reason: string,
  ) {
    super();
  }
}
