import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { AdminOnly, Public } from '../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../platform/http/validated';
import { AddNearLocationCommand } from '../commands/add-near-location/add-near-location.command';
import { ImportNearLocationsCommand } from '../commands/import-near-locations/import-near-locations.command';
import { RemoveNearLocationCommand } from '../commands/remove-near-location/remove-near-location.command';
import { UpdateNearLocationCommand } from '../commands/update-near-location/update-near-location.command';
import { SearchNearLocationsQuery } from '../queries/search-near-locations/search-near-locations.query';
import { addNearLocationBody, searchNearLocationsBody, updateNearLocationBody } from './near-locations.schemas';

/** Near locations (spec §7): which comunas count as neighbours of a comuna in /buscador. */
@ApiTags('near-locations')
@Controller('api/location-near')
export class NearLocationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @AdminOnly()
  @Get('import')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Carga la vecindad de comunas (límites compartidos) incluida en el proyecto' })
  import(@Ctx() ctx: CommandContext) {
    return this.commands.execute(new ImportNearLocationsCommand(ctx));
  }

  @AdminOnly()
  @Get()
  @ApiOperation({ summary: 'Primeras 100 parejas de comunas cercanas, por comuna y distancia' })
  @ApiBearerAuth()
  list() {
    return this.queries.execute(new SearchNearLocationsQuery({ currentPage: 1, perPage: 100 }));
  }

  @AdminOnly()
  @Post('search')
  @ApiOperation({ summary: 'Parejas de comunas cercanas (de una comuna o de todas), por comuna y distancia, paginadas' })
  @ApiBearerAuth()
  search(@ValidBody(searchNearLocationsBody) filter: z.infer<typeof searchNearLocationsBody>) {
    return this.queries.execute(new SearchNearLocationsQuery(filter));
  }

  @Public()
  @Post('search/:id')
  @ApiOperation({ summary: 'Comunas cercanas de una comuna' })
  nearOf(@IdParam() locationId: number) {
    return this.queries.execute(new SearchNearLocationsQuery({ locationId, currentPage: 1, perPage: 100 }));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Agrega a mano una comuna cercana: buscar en la comuna con cercanas muestra también sus laboratorios' })
  @ApiBearerAuth()
  add(@ValidBody(addNearLocationBody) input: z.infer<typeof addNearLocationBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new AddNearLocationCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Cambia una de las comunas de una pareja o su distancia (queda como mantenida a mano)' })
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(updateNearLocationBody) changes: z.infer<typeof updateNearLocationBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateNearLocationCommand(ctx, id, changes));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiOperation({ summary: 'Quita una comuna cercana: buscar con cercanas deja de mostrar sus laboratorios' })
  @ApiBearerAuth()
  remove(@IdParam() id: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RemoveNearLocationCommand(ctx, id));
  }
}
