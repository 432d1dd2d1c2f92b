import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newApiKeySecret } from '../../../../../platform/auth/api-keys';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { API_KEY_SELECT, toApiKeyView } from '../../api-key-view';
import { assertManager } from '../../api-key-managers';
import { CreateApiKeyCommand } from './create-api-key.command';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, name }: CreateApiKeyCommand) {
    const companyId = assertManager(ctx.actor, 'create');
    const { secret, prefix, secretHash } = newApiKeySecret();
    const created = await this.uow.run(ctx, async (tx, changes) => {
      const row = await tx.apiKey.create({ data: { companyId, name, prefix, secretHash, createdById: ctx.actor.personId }, select: API_KEY_SELECT });
      changes.audit('api-key.created', 'ApiKey', row.id, { companyId, name, prefix });
      return row;
    });
    return { ...toApiKeyView(created), secret };
  }
}
