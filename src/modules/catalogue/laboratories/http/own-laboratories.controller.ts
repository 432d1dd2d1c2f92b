import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CloseLaboratoryCommand } from '../commands/close-laboratory/close-laboratory.command';
import { RegisterLaboratoryCommand } from '../commands/register-laboratory/register-laboratory.command';
import { UpdateLaboratoryCommand } from '../commands/update-laboratory/update-laboratory.command';
import { GetOwnLaboratoryQuery } from '../queries/get-own-laboratory/get-own-laboratory.query';
import { SearchOwnLaboratoriesQuery } from '../queries/search-own-laboratories/search-own-laboratories.query';
import { registerLaboratoryBody, searchOwnLaboratoriesBody, updateLaboratoryBody } from './laboratories.schemas';

/** `/api/priv/laboratory`: the branches a provider (or an administrator) keeps in the back office. */
@ApiTags('laboratories')
@ApiBearerAuth()
@Controller('api/priv/laboratory')
export class OwnLaboratoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Laboratorios del back office (ADM: todos; PRV: los de su empresa)' })
  search(@ValidBody(searchOwnLaboratoriesBody) filter: z.infer<typeof searchOwnLaboratoriesBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchOwnLaboratoriesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Sucursal del back office por id, con sus previsiones, exámenes publicados y toma a domicilio (PRV: solo de su empresa)' })
  get(@IdParam() laboratoryId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetOwnLaboratoryQuery(actor, laboratoryId));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Abre una sucursal (PRV: en su empresa; ADM: en la empresa indicada)' })
  register(@ValidBody(registerLaboratoryBody) input: z.infer<typeof registerLaboratoryBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RegisterLaboratoryCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de una sucursal: datos, previsiones, toma a domicilio o costos (PRV: solo de su empresa)' })
  update(@IdParam() laboratoryId: number, @ValidBody(updateLaboratoryBody) changes: z.infer<typeof updateLaboratoryBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateLaboratoryCommand(ctx, laboratoryId, changes));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Cierra una sucursal: sale de las búsquedas' })
  close(@IdParam() laboratoryId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CloseLaboratoryCommand(ctx, laboratoryId));
  }
}
