import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import type { UpdateWebhookEndpointRequest, WebhookEndpoint } from '../../../../../contracts/webhooks';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { acceptableUrl } from '../../domain/url-check';
import { accessibleEndpoint, ENDPOINT_SELECT, toEndpointView } from '../../webhook-access';

/** `POST /api/webhook-endpoint/:id`: changes the URL, the events, or pauses / resumes it. */
export class UpdateWebhookEndpointCommand extends Command<ServerSide<WebhookEndpoint>> {
  constructor(
    readonly ctx: CommandContext,
    readonly endpointId: number,
    readonly changes: UpdateWebhookEndpointRequest,
  ) {
    super();
  }
}

@CommandHandler(UpdateWebhookEndpointCommand)
export class UpdateWebhookEndpointHandler implements ICommandHandler<UpdateWebhookEndpointCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ctx, endpointId, changes }: UpdateWebhookEndpointCommand) {
    const url = changes.url === undefined ? undefined : await acceptableUrl(changes.url, { production: this.config.production });
    return this.uow.run(ctx, async (tx, audit) => {
      await accessibleEndpoint(tx, ctx.actor, endpointId);
      const row = await tx.webhookEndpoint.update({
        where: { id: endpointId },
        data: { url, events: changes.events ? [...new Set(changes.events)] : undefined, active: changes.active },
        select: ENDPOINT_SELECT,
      });
      audit.audit('webhook.updated', 'WebhookEndpoint', endpointId, { ...(url ? { url } : {}), ...(changes.events ? { events: row.events.join(',') } : {}), ...(changes.active === undefined ? {} : { active: changes.active }) });
      return toEndpointView(row);
    });
  }
}
