import { Command } from '@nestjs/cqrs';
import type { RefreshAnswer } from '../../../../contracts/auth';
import type { ServerSide } from '../../../../platform/http/envelope';

/** A new access token for an open session, from its current (or just expired) token. */
export class RefreshSessionCommand extends Command<ServerSide<RefreshAnswer>> {
  constructor(
    readonly token: string,
    readonly ip: string,
  ) {
    super();
  }
}
