import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PasswordRecoveryRequested } from '../../identity.events';
import { RECOVERY_ANSWER, RequestPasswordRecoveryCommand } from './request-password-recovery.command';

@CommandHandler(RequestPasswordRecoveryCommand)
export class RequestPasswordRecoveryHandler implements ICommandHandler<RequestPasswordRecoveryCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttles: Throttles,
  ) {}

  async execute({ email, ip }: RequestPasswordRecoveryCommand) {
    await this.throttles.consume('recoveryPerIp', ip);
    await this.throttles.consume('recoveryPerAccount', email);
    await this.uow.run(null, async (_tx, changes) => changes.record(PasswordRecoveryRequested({ email })));
    return RECOVERY_ANSWER;
  }
}
