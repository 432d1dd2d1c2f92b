import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import type { SelectListFlag } from '../../../../contracts/select-lists';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateSelectListTypeCommand } from '../commands/create-select-list-type/create-select-list-type.command';
import { DeleteSelectListTypeCommand } from '../commands/delete-select-list-type/delete-select-list-type.command';
import { SetSelectListFlagCommand } from '../commands/set-select-list-flag/set-select-list-flag.command';
import { UpdateSelectListTypeCommand } from '../commands/update-select-list-type/update-select-list-type.command';
import { GetSelectListTypeQuery } from '../queries/get-select-list-type/get-select-list-type.query';
import { GetSelectListTypesByCodeQuery } from '../queries/get-select-list-types-by-code/get-select-list-types-by-code.query';
import { ListSelectListTypesQuery } from '../queries/list-select-list-types/list-select-list-types.query';
import { SearchSelectListTypesQuery } from '../queries/search-select-list-types/search-select-list-types.query';
import {
  createSelectListTypeBody, searchSelectListTypesBody, selectListFlagBody, selectListTypesByCodeBody, updateSelectListTypeBody,
} from './select-list-types.schemas';

/** Select-list types (spec §7); visitors read the public and filter ones. */
@ApiTags('select-lists')
@Controller('api')
export class SelectListTypesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Get('select-list-type')
  @ApiOperation({ summary: 'Listas públicas o de filtro, con sus valores activos' })
  listPublic() {
    return this.queries.execute(new ListSelectListTypesQuery());
  }

  @Public()
  @Post('select-list-types/code')
  @ApiOperation({ summary: 'Listas públicas o de filtro por código' })
  byCodes(@ValidBody(selectListTypesByCodeBody) { codes, ...paging }: z.infer<typeof selectListTypesByCodeBody>) {
    return this.queries.execute(new GetSelectListTypesByCodeQuery(codes, paging));
  }

  // Declared before `select-list-type/:id`: Express tries routes in order.
  @AdminOnly()
  @Post('select-list-type/search')
  @ApiOperation({ summary: 'Todas las listas de selección con todos sus valores, por nombre, ordenadas y paginadas' })
  @ApiBearerAuth()
  search(@ValidBody(searchSelectListTypesBody) filter: z.infer<typeof searchSelectListTypesBody>) {
    return this.queries.execute(new SearchSelectListTypesQuery(filter));
  }

  @AdminOnly()
  @Get('select-list-type/:id')
  @ApiOperation({ summary: 'Una lista de selección con todos sus valores' })
  @ApiBearerAuth()
  get(@IdParam() typeId: number) {
    return this.queries.execute(new GetSelectListTypeQuery(typeId));
  }

  @AdminOnly()
  @Post('select-list-type')
  @ApiOperation({ summary: 'Crea una lista de selección (código único); sus valores se agregan después, uno a uno' })
  @ApiBearerAuth()
  create(@ValidBody(createSelectListTypeBody) input: z.infer<typeof createSelectListTypeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateSelectListTypeCommand(ctx, input));
  }

  @AdminOnly()
  @Post('select-list-type/update-isvisible/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Mostrar (o no) la lista en los formularios del back office' })
  setIsVisible(@IdParam() typeId: number, @ValidBody(selectListFlagBody) { value }: z.infer<typeof selectListFlagBody>, @Ctx() ctx: CommandContext) {
    return this.setFlag(ctx, typeId, 'isvisible', value);
  }

  @AdminOnly()
  @Post('select-list-type/update-ispublic/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Mostrar (o no) la lista en la página pública de los laboratorios' })
  setIsPublic(@IdParam() typeId: number, @ValidBody(selectListFlagBody) { value }: z.infer<typeof selectListFlagBody>, @Ctx() ctx: CommandContext) {
    return this.setFlag(ctx, typeId, 'ispublic', value);
  }

  @AdminOnly()
  @Post('select-list-type/update-isfilter/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ofrecer (o no) la lista como filtro de /buscador; reproyecta sus laboratorios' })
  setIsFilter(@IdParam() typeId: number, @ValidBody(selectListFlagBody) { value }: z.infer<typeof selectListFlagBody>, @Ctx() ctx: CommandContext) {
    return this.setFlag(ctx, typeId, 'isfilter', value);
  }

  @AdminOnly()
  @Post('select-list-type/:id')
  @ApiOperation({ summary: 'Edita el código, el nombre, el orden o las marcas (visible, pública, filtro) de una lista' })
  @ApiBearerAuth()
  update(@IdParam() typeId: number, @ValidBody(updateSelectListTypeBody) changes: z.infer<typeof updateSelectListTypeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateSelectListTypeCommand(ctx, typeId, changes));
  }

  @AdminOnly()
  @Delete('select-list-type/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Borra la lista, sus valores y los atributos de laboratorio que los usaban' })
  remove(@IdParam() typeId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteSelectListTypeCommand(ctx, typeId));
  }

  private setFlag(ctx: CommandContext, typeId: number, flag: SelectListFlag, value: boolean) {
    return this.commands.execute(new SetSelectListFlagCommand(ctx, typeId, flag, value));
  }
}
