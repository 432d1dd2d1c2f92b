import { Command } from '@nestjs/cqrs';
import type { ApiKey } from '../../../../../contracts/api-keys';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Revokes a key at once (the next request with it answers 401); revoking a revoked key changes nothing. */
export class RevokeApiKeyCommand extends Command<ServerSide<ApiKey>> {
  constructor(
    readonly ctx: CommandContext,
    readonly apiKeyId: number,
  ) {
    super();
  }
}
