import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { RemoveLaboratoryAttributeCommand } from '../commands/remove-laboratory-attribute/remove-laboratory-attribute.command';
import { SetLaboratoryAttributeCommand } from '../commands/set-laboratory-attribute/set-laboratory-attribute.command';
import { UpdateLaboratoryAttributeCommand } from '../commands/update-laboratory-attribute/update-laboratory-attribute.command';
import { GetLaboratoryAttributeQuery } from '../queries/get-laboratory-attribute/get-laboratory-attribute.query';
import { SearchLaboratoryAttributesQuery } from '../queries/search-laboratory-attributes/search-laboratory-attributes.query';
import { searchLaboratoryAttributesBody, setLaboratoryAttributeBody, updateLaboratoryAttributeBody } from './laboratory-attributes.schemas';

/** Spec §7 laboratory-attribute: what a laboratory offers beyond prices (PRV: its own laboratories; ADM: all). */
@ApiTags('laboratory-attributes')
@ApiBearerAuth()
@Controller('api/laboratory-attribute')
export class LaboratoryAttributesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Atributos de las sucursales (PRV: de su empresa; ADM: todas), por sucursal y lista, paginados' })
  search(@ValidBody(searchLaboratoryAttributesBody) filter: z.infer<typeof searchLaboratoryAttributesBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchLaboratoryAttributesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Un atributo de una sucursal (PRV: solo de su empresa)' })
  get(@IdParam() laboratoryAttributeId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetLaboratoryAttributeQuery(actor, laboratoryAttributeId));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Da un atributo a una sucursal: un valor de la lista o texto libre (la toma a domicilio se edita en la sucursal)' })
  set(@ValidBody(setLaboratoryAttributeBody) input: z.infer<typeof setLaboratoryAttributeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new SetLaboratoryAttributeCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Cambia el valor, la lista o la sucursal de un atributo; lo que no se envía se mantiene' })
  update(@IdParam() laboratoryAttributeId: number, @ValidBody(updateLaboratoryAttributeBody) changes: z.infer<typeof updateLaboratoryAttributeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateLaboratoryAttributeCommand(ctx, laboratoryAttributeId, changes));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Quita un atributo de una sucursal (PRV: solo de su empresa)' })
  remove(@IdParam() laboratoryAttributeId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RemoveLaboratoryAttributeCommand(ctx, laboratoryAttributeId));
  }
}
