import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateCategoryCommand } from '../commands/create-category/create-category.command';
import { UpdateCategoryCommand } from '../commands/update-category/update-category.command';
import { GetCategoryQuery } from '../queries/get-category/get-category.query';
import { SearchCategoriesQuery } from '../queries/search-categories/search-categories.query';
import { createCategoryBody, searchCategoriesBody, updateCategoryBody } from './categories.schemas';

/** Product categories: read by everyone (active ones), kept by administrators. */
@ApiTags('categories')
@Controller('api/category')
export class CategoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Post('search')
  @ApiOperation({ summary: 'Categorías (activas; un administrador, todas con el filtro status)' })
  search(@CurrentActor() actor: Actor | undefined, @ValidBody(searchCategoriesBody) filter: z.infer<typeof searchCategoriesBody>) {
    return this.queries.execute(new SearchCategoriesQuery(actor, filter));
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Una categoría (activa; un administrador, cualquiera)' })
  get(@CurrentActor() actor: Actor | undefined, @IdParam() id: number) {
    return this.queries.execute(new GetCategoryQuery(actor, id));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Crea una categoría de productos (su slug sale del nombre)' })
  @ApiBearerAuth()
  create(@Ctx() ctx: CommandContext, @ValidBody(createCategoryBody) input: z.infer<typeof createCategoryBody>) {
    return this.commands.execute(new CreateCategoryCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de una categoría (un nombre nuevo cambia su slug)' })
  @ApiBearerAuth()
  update(@Ctx() ctx: CommandContext, @IdParam() id: number, @ValidBody(updateCategoryBody) changes: z.infer<typeof updateCategoryBody>) {
    return this.commands.execute(new UpdateCategoryCommand(ctx, id, changes));
  }
}
