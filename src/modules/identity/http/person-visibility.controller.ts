import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { AdminOnly } from '../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../platform/http/validated';
import { GrantPersonVisibilityCommand } from '../commands/grant-person-visibility/grant-person-visibility.command';
import { RevokePersonVisibilityCommand } from '../commands/revoke-person-visibility/revoke-person-visibility.command';
import { UpdatePersonVisibilityCommand } from '../commands/update-person-visibility/update-person-visibility.command';
import { GetPersonVisibilityQuery } from '../queries/get-person-visibility/get-person-visibility.query';
import { ListPersonVisibilitiesQuery } from '../queries/list-person-visibilities/list-person-visibilities.query';
import { listOrGrantVisibilityBody, updateVisibilityBody } from './person-visibility.schemas';

/**
 * Spec §7 "Person visibility" (administrators only). The spec's paths are kept as they are,
 * `update-person-visibility/{id}` included.
 */
@ApiTags('persons')
@ApiBearerAuth()
@Controller('api')
export class PersonVisibilityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @AdminOnly()
  @Post('person-visibility')
  @ApiOperation({ summary: 'Listar visibilidades, o crear una si el cuerpo indica empresa o laboratorio' })
  listOrGrant(@ValidBody(listOrGrantVisibilityBody) input: z.infer<typeof listOrGrantVisibilityBody>, @Ctx() ctx: CommandContext) {
    return 'grant' in input ? this.commands.execute(new GrantPersonVisibilityCommand(ctx, input.grant)) : this.queries.execute(new ListPersonVisibilitiesQuery(input.list));
  }

  @AdminOnly()
  @Get('person-visibility/:id')
  @ApiOperation({ summary: 'Ver una visibilidad: la persona y la empresa o el laboratorio que puede ver' })
  get(@IdParam() visibilityId: number) {
    return this.queries.execute(new GetPersonVisibilityQuery(visibilityId));
  }

  @AdminOnly()
  @Post('update-person-visibility/:id')
  @ApiOperation({ summary: 'Reemplazar una visibilidad: la empresa o el laboratorio que ve (de la empresa de la persona) y si está activa' })
  update(@IdParam() visibilityId: number, @ValidBody(updateVisibilityBody) input: z.infer<typeof updateVisibilityBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdatePersonVisibilityCommand(ctx, visibilityId, input));
  }

  @AdminOnly()
  @Delete('person-visibility/:id')
  @ApiOperation({ summary: 'Eliminar una visibilidad' })
  revoke(@IdParam() visibilityId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RevokePersonVisibilityCommand(ctx, visibilityId));
  }
}
