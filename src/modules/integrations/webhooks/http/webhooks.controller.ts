import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateWebhookEndpointCommand } from '../commands/create-webhook-endpoint/create-webhook-endpoint.command';
import { DeleteWebhookEndpointCommand } from '../commands/delete-webhook-endpoint/delete-webhook-endpoint.command';
import { RedeliverWebhookCommand } from '../commands/redeliver-webhook/redeliver-webhook.command';
import { RotateWebhookSecretCommand } from '../commands/rotate-webhook-secret/rotate-webhook-secret.command';
import { UpdateWebhookEndpointCommand } from '../commands/update-webhook-endpoint/update-webhook-endpoint.command';
import { GetWebhookDeliveryQuery } from '../queries/get-webhook-delivery/get-webhook-delivery.query';
import { SearchWebhookDeliveriesQuery } from '../queries/search-webhook-deliveries/search-webhook-deliveries.query';
import { SearchWebhookEndpointsQuery } from '../queries/search-webhook-endpoints/search-webhook-endpoints.query';
import { createWebhookEndpointBody, searchWebhookDeliveriesBody, searchWebhookEndpointsBody, updateWebhookEndpointBody } from './webhooks.schemas';

/** A company's webhook endpoints (issue 27, item 4): its providers (whole company) and administrators. */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('api/webhook-endpoint')
export class WebhookEndpointsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Webhooks de la empresa (ADM: de una empresa o de todas)' })
  search(@ValidBody(searchWebhookEndpointsBody) filter: z.infer<typeof searchWebhookEndpointsBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchWebhookEndpointsQuery(actor, filter));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Registrar un webhook; la respuesta trae su secreto, que no se vuelve a mostrar' })
  create(@ValidBody(createWebhookEndpointBody) input: z.infer<typeof createWebhookEndpointBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateWebhookEndpointCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Cambiar la URL o los eventos de un webhook, o pausarlo y reactivarlo' })
  update(@IdParam() endpointId: number, @ValidBody(updateWebhookEndpointBody) changes: z.infer<typeof updateWebhookEndpointBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateWebhookEndpointCommand(ctx, endpointId, changes));
  }

  @ProviderScoped()
  @Post(':id/rotate-secret')
  @ApiOperation({ summary: 'Generar un nuevo secreto de firma (el anterior deja de valer)' })
  rotate(@IdParam() endpointId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RotateWebhookSecretCommand(ctx, endpointId));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Eliminar un webhook y su registro de envíos' })
  remove(@IdParam() endpointId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteWebhookEndpointCommand(ctx, endpointId));
  }
}

/** The delivery log of a company's webhooks, and "Reenviar". */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('api/webhook-delivery')
export class WebhookDeliveriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Envíos de webhooks, el último primero' })
  search(@ValidBody(searchWebhookDeliveriesBody) filter: z.infer<typeof searchWebhookDeliveriesBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchWebhookDeliveriesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Un envío: el cuerpo enviado y cada intento' })
  get(@IdParam() deliveryId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetWebhookDeliveryQuery(actor, deliveryId));
  }

  @ProviderScoped()
  @Post(':id/redeliver')
  @ApiOperation({ summary: 'Reenviar: un intento más, ahora' })
  redeliver(@IdParam() deliveryId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RedeliverWebhookCommand(ctx, deliveryId));
  }
}
