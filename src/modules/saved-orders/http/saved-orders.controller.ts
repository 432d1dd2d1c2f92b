import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { SignedIn } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../platform/http/validated';
import { DeleteSavedOrderCommand } from '../commands/delete-saved-order/delete-saved-order.command';
import { SaveOrderCommand } from '../commands/save-order/save-order.command';
import { ListSavedOrdersQuery } from '../queries/list-saved-orders/list-saved-orders.query';
import { listSavedOrdersBody, saveOrderBody } from './saved-orders.schemas';

/** "Mis órdenes" (issue 19): each signed-in person's own saved orders; nobody sees another's. */
@ApiTags('saved-orders')
@ApiBearerAuth()
@Controller('api/saved-order')
export class SavedOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @SignedIn()
  @Post('search')
  @ApiOperation({ summary: 'Mis órdenes guardadas, la última guardada primero' })
  search(@ValidBody(listSavedOrdersBody) paging: z.infer<typeof listSavedOrdersBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new ListSavedOrdersQuery(actor, paging));
  }

  @SignedIn()
  @Post()
  @ApiOperation({ summary: 'Guardar la orden de una cotización para cotizarla de nuevo (guardarla otra vez solo la actualiza)' })
  save(@ValidBody(saveOrderBody) order: z.infer<typeof saveOrderBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new SaveOrderCommand(ctx, order));
  }

  @SignedIn()
  @Delete(':id')
  @ApiOperation({ summary: 'Eliminar una de mis órdenes guardadas' })
  remove(@IdParam() savedOrderId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteSavedOrderCommand(ctx, savedOrderId));
  }
}
