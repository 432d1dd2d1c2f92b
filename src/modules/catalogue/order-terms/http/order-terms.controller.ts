import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateOrderTermCommand } from '../commands/create-order-term/create-order-term.command';
import { DeleteOrderTermCommand } from '../commands/delete-order-term/delete-order-term.command';
import { UpdateOrderTermCommand } from '../commands/update-order-term/update-order-term.command';
import { GetOrderTermQuery } from '../queries/get-order-term/get-order-term.query';
import { SearchOrderTermsQuery } from '../queries/search-order-terms/search-order-terms.query';
import { createOrderTermBody, searchOrderTermsBody, updateOrderTermBody } from './order-terms.schemas';

/** The order reader's vocabulary (panels, ambiguous terms, what is not a laboratory exam, words that change nothing): administrators keep it. */
@ApiTags('order-terms')
@Controller('api/order-term')
export class OrderTermsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @AdminOnly()
  @Post('search')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Términos del vocabulario de órdenes, por parte del término (sin tildes ni mayúsculas) y tipo' })
  search(@ValidBody(searchOrderTermsBody) filter: z.infer<typeof searchOrderTermsBody>) {
    return this.queries.execute(new SearchOrderTermsQuery(filter));
  }

  @AdminOnly()
  @Get(':id')
  @ApiOperation({ summary: 'Un término del vocabulario de órdenes, con sus exámenes en orden' })
  @ApiBearerAuth()
  get(@IdParam() termId: number) {
    return this.queries.execute(new GetOrderTermQuery(termId));
  }

  @AdminOnly()
  @Post()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Agrega un término: PANEL (2 exámenes o más), AMBIGUOUS (2 o 3), NOT_LAB (con motivo) o IGNORE' })
  create(@ValidBody(createOrderTermBody) input: z.infer<typeof createOrderTermBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateOrderTermCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Edita un término; lo que su nuevo tipo no lleva (exámenes, motivo) se borra si no se envía' })
  update(@IdParam() termId: number, @ValidBody(updateOrderTermBody) changes: z.infer<typeof updateOrderTermBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateOrderTermCommand(ctx, termId, changes));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiOperation({ summary: 'Borra un término: desde entonces el lector de órdenes lee sus líneas como cualquier otro texto' })
  @ApiBearerAuth()
  remove(@IdParam() termId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteOrderTermCommand(ctx, termId));
  }
}
