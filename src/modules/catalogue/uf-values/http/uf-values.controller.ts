import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateUfValueCommand } from '../commands/create-uf-value/create-uf-value.command';
import { UpdateUfValueCommand } from '../commands/update-uf-value/update-uf-value.command';
import { GetCurrentUfValueQuery } from '../queries/get-current-uf-value/get-current-uf-value.query';
import { GetUfValueQuery } from '../queries/get-uf-value/get-uf-value.query';
import { SearchUfValuesQuery } from '../queries/search-uf-values/search-uf-values.query';
import { createUfValueBody, searchUfValuesBody, updateUfValueBody } from './uf-values.schemas';

/** The UF's value by day (issue 30): administrators keep it; anyone reads today's. */
@ApiTags('uf-values')
@Controller('api/uf-value')
export class UfValuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'El valor de la UF vigente hoy en Chile (el último con fecha de hoy o anterior), o null' })
  current() {
    return this.queries.execute(new GetCurrentUfValueQuery());
  }

  // Declared before `:id`: Express tries routes in order.
  @AdminOnly()
  @Post('search')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Valores de la UF, del más reciente al más antiguo' })
  search(@ValidBody(searchUfValuesBody) filter: z.infer<typeof searchUfValuesBody>) {
    return this.queries.execute(new SearchUfValuesQuery(filter));
  }

  @AdminOnly()
  @Get(':id')
  @ApiOperation({ summary: 'Un valor de la UF por id, para su formulario' })
  @ApiBearerAuth()
  get(@IdParam() ufValueId: number) {
    return this.queries.execute(new GetUfValueQuery(ufValueId));
  }

  @AdminOnly()
  @Post()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Agrega el valor de la UF desde una fecha (una por día)' })
  create(@ValidBody(createUfValueBody) input: z.infer<typeof createUfValueBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateUfValueCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Corrige la fecha o el valor de la UF' })
  update(@IdParam() ufValueId: number, @ValidBody(updateUfValueBody) changes: z.infer<typeof updateUfValueBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateUfValueCommand(ctx, ufValueId, changes));
  }
}
