import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { WebhookEndpointWithSecret } from '../../../../../contracts/webhooks';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { newWebhookSecret } from '../../domain/signature';
import { accessibleEndpoint, ENDPOINT_SELECT, toEndpointView } from '../../webhook-access';

/**
 * `POST /api/webhook-endpoint/:id/rotate-secret`: a new secret, answered once; the old one stops signing at once
 * (every POST from now on, retries included, is signed with the new one).
 */
export class RotateWebhookSecretCommand extends Command<ServerSide<WebhookEndpointWithSecret>> {
  constructor(
    readonly ctx: CommandContext,
    readonly endpointId: number,
  ) {
    super();
  }
}

@CommandHandler(RotateWebhookSecretCommand)
export class RotateWebhookSecretHandler implements ICommandHandler<RotateWebhookSecretCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, endpointId }: RotateWebhookSecretCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await accessibleEndpoint(tx, ctx.actor, endpointId);
      const secret = newWebhookSecret();
      const row = await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { secret }, select: ENDPOINT_SELECT });
      changes.audit('webhook.secret-rotated', 'WebhookEndpoint', endpointId);
      return { ...toEndpointView(row), secret };
    });
  }
}
