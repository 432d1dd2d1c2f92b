import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Sessions } from '../../../../platform/auth/sessions';
import { Throttles } from '../../../../platform/auth/throttles';
import { RefreshSessionCommand } from './refresh-session.command';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(
    private readonly sessions: Sessions,
    private readonly throttles: Throttles,
  ) {}

  async execute({ token, ip }: RefreshSessionCommand) {
    await this.throttles.consume('refreshPerIp', ip);
    return { tokenData: await this.sessions.refresh(token) };
  }
}
