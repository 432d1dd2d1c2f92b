import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertCompanyAccess } from '../../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { API_KEY_SELECT, toApiKeyView } from '../../api-key-view';
import { assertManager } from '../../api-key-managers';
import { ApiKeyNotFoundError } from '../../api-keys.errors';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, apiKeyId }: RevokeApiKeyCommand) {
    assertManager(ctx.actor, 'revoke');
    const row = await this.uow.run(ctx, async (tx, changes) => {
      // Locked: two revocations at once record one revoker.
      const locked = await tx.$queryRaw<{ company_id: number; revoked_at: Date | null }[]>`SELECT company_id, revoked_at FROM api_key WHERE id = ${apiKeyId} FOR UPDATE`;
      const [key] = locked;
      if (!key) throw new ApiKeyNotFoundError();
      assertCompanyAccess(ctx.actor, key.company_id, () => new ApiKeyNotFoundError());
      if (!key.revoked_at) {
        await tx.apiKey.update({ where: { id: apiKeyId }, data: { revokedAt: new Date(), revokedById: ctx.actor.personId } });
        changes.audit('api-key.revoked', 'ApiKey', apiKeyId, { companyId: key.company_id });
      }
      return tx.apiKey.findUniqueOrThrow({ where: { id: apiKeyId }, select: API_KEY_SELECT });
    });
    return toApiKeyView(row);
  }
}
