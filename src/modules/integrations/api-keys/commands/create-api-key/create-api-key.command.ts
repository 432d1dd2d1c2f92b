import { Command } from '@nestjs/cqrs';
import type { CreatedApiKey } from '../../../../../contracts/api-keys';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** A provider user who sees its whole company creates a key for it; the answer is the only place the secret appears. */
export class CreateApiKeyCommand extends Command<ServerSide<CreatedApiKey>> {
  constructor(
    readonly ctx: CommandContext,
    readonly name: string,
  ) {
    super();
  }
}
