import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import type { SelectListChildDetail } from '../../../../contracts/select-lists';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import type { ServerSide } from '../../../../platform/http/envelope';
import { CreateSelectListValueCommand } from '../commands/create-select-list-value/create-select-list-value.command';
import { DeleteSelectListValueCommand } from '../commands/delete-select-list-value/delete-select-list-value.command';
import { UpdateSelectListValueCommand } from '../commands/update-select-list-value/update-select-list-value.command';
import { GetSelectListValueQuery } from '../queries/get-select-list-value/get-select-list-value.query';
import { ListSelectListTypesQuery } from '../queries/list-select-list-types/list-select-list-types.query';
import { createSelectListValueBody, updateSelectListValueBody } from './select-list-values.schemas';

/** The values of the select lists (spec §7); visitors read those of the public and filter lists. */
@ApiTags('select-lists')
@Controller('api/select-list')
export class SelectListValuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Valores activos de las listas públicas o de filtro' })
  async listPublic(): Promise<ServerSide<SelectListChildDetail>[]> {
    const types = await this.queries.execute(new ListSelectListTypesQuery());
    return types.items.flatMap((t) => t.children.map((c) => ({ ...c, type: { id: t.id, code: t.code, name: t.name } })));
  }

  @AdminOnly()
  @Get(':id')
  @ApiOperation({ summary: 'Un valor de una lista de selección, con su lista' })
  @ApiBearerAuth()
  get(@IdParam() valueId: number) {
    return this.queries.execute(new GetSelectListValueQuery(valueId));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Agrega un valor a una lista de selección' })
  @ApiBearerAuth()
  create(@ValidBody(createSelectListValueBody) input: z.infer<typeof createSelectListValueBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateSelectListValueCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Edita un valor: código, nombre, orden, si está activo o la lista a la que pertenece' })
  @ApiBearerAuth()
  update(@IdParam() valueId: number, @ValidBody(updateSelectListValueBody) changes: z.infer<typeof updateSelectListValueBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateSelectListValueCommand(ctx, valueId, changes));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiOperation({ summary: 'Borra un valor de una lista y los atributos de laboratorio que lo usaban' })
  @ApiBearerAuth()
  remove(@IdParam() valueId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteSelectListValueCommand(ctx, valueId));
  }
}
