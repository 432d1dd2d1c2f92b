import { Controller, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { RegisterLaboratoryCommand } from '../commands/register-laboratory/register-laboratory.command';
import { UpdateLaboratoryCommand } from '../commands/update-laboratory/update-laboratory.command';
import { GetLaboratoryPageQuery } from '../queries/get-laboratory-page/get-laboratory-page.query';
import { laboratoryPageBody, registerLaboratoryBody, updateLaboratoryBody } from './laboratories.schemas';

/**
 * `/api/laboratory`: a laboratory's public page, and the register / edit routes the spec names
 * (the same commands as `/api/priv/laboratory`). `POST /api/laboratory/search` is the search
 * module's: its module is registered first, so `:id` never swallows it.
 */
@ApiTags('laboratories')
@Controller('api/laboratory')
export class LaboratoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Post(':id/search')
  @ApiOperation({ summary: 'Página pública de un laboratorio: datos, atributos públicos, horario, previsiones y sus precios (filtro term)' })
  page(@IdParam() laboratoryId: number, @ValidBody(laboratoryPageBody) filter: z.infer<typeof laboratoryPageBody>) {
    return this.queries.execute(new GetLaboratoryPageQuery(laboratoryId, filter));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Abre una sucursal de laboratorio (PRV: en su empresa; ADM: en la empresa indicada), igual que POST /api/priv/laboratory' })
  @ApiBearerAuth()
  register(@ValidBody(registerLaboratoryBody) input: z.infer<typeof registerLaboratoryBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RegisterLaboratoryCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de una sucursal (PRV: solo de su empresa), igual que POST /api/priv/laboratory/{id}' })
  @ApiBearerAuth()
  update(@IdParam() laboratoryId: number, @ValidBody(updateLaboratoryBody) changes: z.infer<typeof updateLaboratoryBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateLaboratoryCommand(ctx, laboratoryId, changes));
  }
}
