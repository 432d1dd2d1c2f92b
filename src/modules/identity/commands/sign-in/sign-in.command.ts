import { Command } from '@nestjs/cqrs';
import type { SignInAnswer } from '../../../../contracts/auth';
import type { ServerSide } from '../../../../platform/http/envelope';

/** Opens a session for an e-mail and password: the token and who signed in. */
export class SignInCommand extends Command<ServerSide<SignInAnswer>> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly client: { ip: string; userAgent?: string },
  ) {
    super();
  }
}
