import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { accessibleEndpoint } from '../../webhook-access';

/** `DELETE /api/webhook-endpoint/:id`: the endpoint goes, with its delivery log; nothing more is sent to it. */
export class DeleteWebhookEndpointCommand extends Command<{ id: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly endpointId: number,
  ) {
    super();
  }
}

@CommandHandler(DeleteWebhookEndpointCommand)
export class DeleteWebhookEndpointHandler implements ICommandHandler<DeleteWebhookEndpointCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, endpointId }: DeleteWebhookEndpointCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      const endpoint = await accessibleEndpoint(tx, ctx.actor, endpointId);
      await tx.webhookEndpoint.delete({ where: { id: endpointId } });
      changes.audit('webhook.deleted', 'WebhookEndpoint', endpointId, { url: endpoint.url });
      return { id: endpointId };
    });
  }
}
