import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { SignOutCommand } from './sign-out.command';

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(private readonly sessions: Sessions) {}

  async execute({ actor }: SignOutCommand) {
    await this.sessions.revoke(actor.sessionId);
    return { message: 'Cerraste sesión.' };
  }
}
