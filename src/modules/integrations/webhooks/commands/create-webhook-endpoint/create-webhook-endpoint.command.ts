import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import type { CreateWebhookEndpointRequest, WebhookEndpointWithSecret } from '../../../../../contracts/webhooks';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { newWebhookSecret } from '../../domain/signature';
import { acceptableUrl } from '../../domain/url-check';
import { companyFor, ENDPOINT_SELECT, toEndpointView } from '../../webhook-access';
import { TooManyWebhookEndpointsError } from '../../webhooks.errors';

/** Endpoints one company may register. */
export const MAX_ENDPOINTS_PER_COMPANY = 10;

/** `POST /api/webhook-endpoint`: registers an endpoint; the answer carries its secret, the only time it is shown. */
export class CreateWebhookEndpointCommand extends Command<ServerSide<WebhookEndpointWithSecret>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: CreateWebhookEndpointRequest,
  ) {
    super();
  }
}

@CommandHandler(CreateWebhookEndpointCommand)
export class CreateWebhookEndpointHandler implements ICommandHandler<CreateWebhookEndpointCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ctx, input }: CreateWebhookEndpointCommand) {
    // DNS is asked before the transaction: no connection is held while it answers.
    const url = await acceptableUrl(input.url, { production: this.config.production });
    return this.uow.run(ctx, async (tx, changes) => {
      const companyId = await companyFor(tx, ctx.actor, input.companyId);
      if ((await tx.webhookEndpoint.count({ where: { companyId } })) >= MAX_ENDPOINTS_PER_COMPANY) throw new TooManyWebhookEndpointsError(MAX_ENDPOINTS_PER_COMPANY);
      const secret = newWebhookSecret();
      const row = await tx.webhookEndpoint.create({ data: { companyId, url, events: [...new Set(input.events)], active: input.active ?? true, secret }, select: ENDPOINT_SELECT });
      changes.audit('webhook.created', 'WebhookEndpoint', row.id, { url, events: row.events.join(',') });
      return { ...toEndpointView(row), secret };
    });
  }
}
